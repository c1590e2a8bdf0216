import { ABOUT_TED } from '../content/about';
import { TED_LINKS } from '../content/links';
import { ExternalLink } from './external-link';

export function TedLinks() {
  return (
    <div className="mt-8">
      <h3 className="text-sm font-semibold uppercase tracking-[0.25em] text-accent">
        {ABOUT_TED.followTitle}
      </h3>
      <ul className="mt-4 flex flex-wrap gap-3">
        {TED_LINKS.map((link) => (
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
  );
}
