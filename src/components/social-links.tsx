import { SOCIAL_TITLE } from '../content/home';
import { SOCIAL_LINKS } from '../content/links';
import { ExternalLink } from './external-link';

export function SocialLinks() {
  return (
    <section aria-labelledby="social-heading" className="border-t border-line py-12">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-6 px-5 sm:px-8">
        <h2
          id="social-heading"
          className="text-sm font-semibold uppercase tracking-[0.25em] text-accent"
        >
          {SOCIAL_TITLE}
        </h2>
        <ul className="flex flex-wrap justify-center gap-3">
          {SOCIAL_LINKS.map((link) => (
            <li key={link.label}>
              <ExternalLink
                href={link.href}
                className="inline-block rounded-full border border-line px-5 py-2.5 text-sm font-semibold transition-colors hover:border-brand hover:text-accent"
              >
                {link.label}
              </ExternalLink>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
