import { EVENT_DATE_ISO, EVENT_DATE_LONG, EVENT_VENUE, VENUE } from '../../content/event';
import { ABOUT, WHEN_WHERE_TITLE } from '../../content/home';
import { SECTION_IDS } from '../../content/navigation';
import { Section, SUBHEADING } from './section';
import { WhatIsTedx } from './what-is-tedx';

export function AboutSection() {
  return (
    <Section
      id={SECTION_IDS.aboutSection}
      title={ABOUT.title}
      intro={ABOUT.body}
      className="bg-surface"
    >
      <div className="mt-10 grid gap-8 lg:grid-cols-[3fr_2fr] lg:items-start">
        <WhatIsTedx />
        {/* When and where; TED's rules ask every TEDx site to describe the venue. */}
        <div className="rounded-2xl border border-line bg-ink p-6">
          <h3 className={SUBHEADING}>{WHEN_WHERE_TITLE}</h3>
          <p className="mt-4 font-display text-3xl uppercase">
            <time dateTime={EVENT_DATE_ISO}>{EVENT_DATE_LONG}</time>
          </p>
          <p className="mt-3 text-lg font-bold">{EVENT_VENUE}</p>
          <p className="mt-2 text-muted">{VENUE.description}</p>
        </div>
      </div>
      <h3 className={`mt-12 ${SUBHEADING}`}>{ABOUT.expectTitle}</h3>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {ABOUT.cards.map((card) => (
          <li key={card.title} className="rounded-2xl border border-line bg-ink p-6">
            <h4 className="text-xl font-bold">{card.title}</h4>
            <p className="mt-3 text-muted">{card.body}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
