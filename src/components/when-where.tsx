import { EVENT_DATE_ISO, EVENT_DATE_LONG, EVENT_VENUE, VENUE } from '../content/event';
import { WHEN_WHERE_TITLE } from '../content/home';

/** The date, the city and the venue (TED's rules ask every TEDx site to describe the venue). */
export function WhenWhere() {
  return (
    <div className="rounded-2xl border border-line bg-ink p-6">
      <h3 className="text-sm font-semibold uppercase tracking-[0.25em] text-accent">
        {WHEN_WHERE_TITLE}
      </h3>
      <p className="mt-4 font-display text-3xl uppercase">
        <time dateTime={EVENT_DATE_ISO}>{EVENT_DATE_LONG}</time>
      </p>
      <p className="mt-3 text-lg font-bold">{EVENT_VENUE}</p>
      <p className="mt-2 text-muted">{VENUE.description}</p>
    </div>
  );
}
