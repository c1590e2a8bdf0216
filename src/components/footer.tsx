import {
  COPYRIGHT,
  DISCLAIMER,
  LEGAL_NOTICE,
  MEDIA_PRESS_TITLE,
  MEET_THE_TEAM_TITLE,
  ORGANIZING_TEAM_TITLE,
  PRESS_BODY,
  PRIVACY_LINK_LABEL,
} from '../../content/footer';
import { SOCIAL_TITLE } from '../../content/home';
import { SOCIAL_LINKS } from '../../content/links';
import { ROUTES, SECTION_IDS } from '../../content/navigation';
import { PRESS_CONTACT } from '../../content/team';
import { LinkPills } from './link-pills';
import { Logo } from './logo';
import { SUBHEADING } from './section';
import { TeamList } from './team-list';

interface FooterProps {
  /** Full on the home page; legal notice and copyright only elsewhere. */
  mode: 'full' | 'simple';
}

function LegalLines() {
  return (
    <div className="mx-auto max-w-6xl px-5 py-8 text-sm text-muted sm:px-8">
      <p>{LEGAL_NOTICE}</p>
      <p className="mt-2">{COPYRIGHT}</p>
      <p className="mt-2">
        <a href={ROUTES.privacy} className="text-paper underline underline-offset-4">
          {PRIVACY_LINK_LABEL}
        </a>
      </p>
    </div>
  );
}

export function Footer({ mode }: FooterProps) {
  if (mode === 'simple') {
    return (
      <footer className="border-t border-line bg-ink">
        <LegalLines />
      </footer>
    );
  }
  return (
    <footer className="bg-ink">
      <section aria-labelledby="social-heading" className="border-t border-line py-12">
        <div className="mx-auto flex max-w-6xl flex-col items-center gap-6 px-5 sm:px-8">
          <h2 id="social-heading" className={SUBHEADING}>
            {SOCIAL_TITLE}
          </h2>
          <LinkPills links={SOCIAL_LINKS} className="justify-center" />
        </div>
      </section>
      <div id={SECTION_IDS.organizingTeam} className="border-t border-line bg-surface">
        <div className="mx-auto grid max-w-6xl gap-12 px-5 py-16 sm:px-8 lg:grid-cols-[1fr_2fr]">
          <div>
            <p className="text-3xl">
              <Logo />
            </p>
            <h2 className="mt-4 font-display text-3xl uppercase">{ORGANIZING_TEAM_TITLE}</h2>
            <p className="mt-4 text-muted">{DISCLAIMER}</p>
            <p className="mt-4">
              <a
                href={`/#${SECTION_IDS.meetTheTeam}`}
                className="font-semibold text-accent underline underline-offset-4"
              >
                {MEET_THE_TEAM_TITLE}
              </a>
            </p>
          </div>
          <div className="grid gap-12">
            <section id={SECTION_IDS.meetTheTeam} aria-labelledby="meet-the-team-heading">
              <h3 id="meet-the-team-heading" className={SUBHEADING}>
                {MEET_THE_TEAM_TITLE}
              </h3>
              <TeamList />
            </section>
            <section id={SECTION_IDS.mediaPress} aria-labelledby="media-press-heading">
              <h3 id="media-press-heading" className={SUBHEADING}>
                {MEDIA_PRESS_TITLE}
              </h3>
              <p className="mt-4 max-w-xl text-paper/85">{PRESS_BODY}</p>
              <p className="mt-3 font-semibold">
                {PRESS_CONTACT.name}, {PRESS_CONTACT.role}
              </p>
              <p className="mt-1">
                <a
                  href={`mailto:${PRESS_CONTACT.email}`}
                  className="wrap-anywhere text-accent underline underline-offset-4"
                >
                  {PRESS_CONTACT.email}
                </a>
              </p>
            </section>
          </div>
        </div>
      </div>
      <div className="border-t border-line">
        <LegalLines />
      </div>
    </footer>
  );
}
