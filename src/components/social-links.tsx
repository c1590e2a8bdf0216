import { SOCIAL_TITLE } from '../content/home';
import { SOCIAL_LINKS } from '../content/links';
import { LinkPills } from './link-pills';

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
        <LinkPills links={SOCIAL_LINKS} className="justify-center" />
      </div>
    </section>
  );
}
