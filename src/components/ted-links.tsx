import { ABOUT_TED } from '../content/about';
import { TED_LINKS } from '../content/links';
import { LinkPills } from './link-pills';

export function TedLinks() {
  return (
    <div className="mt-8">
      <h3 className="text-sm font-semibold uppercase tracking-[0.25em] text-accent">
        {ABOUT_TED.followTitle}
      </h3>
      <LinkPills links={TED_LINKS} className="mt-4" />
    </div>
  );
}
