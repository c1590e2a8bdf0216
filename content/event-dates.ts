// Every way the event's date is written, from the launch moment and the event's time zone, so
// next year's edition changes one line (LAUNCH_AT in content/event.ts).

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd, 23rd. */
export function ordinal(day: number): string {
  const lastTwo = day % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${day}th`;
  const suffix = ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th';
  return `${day}${suffix}`;
}

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** The date of `moment` (an ISO string with offset) as seen in `timeZone`, in each of the ways
 * content/event.ts names. */
export function eventDates(moment: string, timeZone: string) {
  // With its offset: a moment without one would mean different times on different machines.
  const at = new Date(moment);
  if (!ISO_WITH_OFFSET.test(moment) || Number.isNaN(at.getTime())) {
    throw new Error(`Not a date and time with an offset: ${moment}`);
  }
  const format = (month: 'long' | 'short') =>
    new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month, day: 'numeric' });
  const long = Object.fromEntries(
    format('long')
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    iso: dateIn(timeZone, at),
    long: `${long.month} ${ordinal(Number(long.day))}, ${long.year}`,
    short: format('short').format(at),
    year: Number(long.year),
  };
}

/**
 * The calendar date `months` after `iso` (2025-11-15 + 6 = 2026-05-15); a day the later month
 * lacks becomes its last (2025-08-31 + 6 = 2026-02-28).
 */
export function addMonths(iso: string, months: number): string {
  const [year, month, day] = iso.split('-').map(Number);
  const index = year * 12 + (month - 1) + months;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${y}-${String(m).padStart(2, '0')}-${String(Math.min(day, last)).padStart(2, '0')}`;
}

/** The calendar date of `at` in `timeZone`, as 2026-05-15. */
export function dateIn(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(at);
}
