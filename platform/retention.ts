// The day the privacy page promises the list is gone by (content/privacy.ts), turned into a
// reminder for the organisers: the server prints it at start, the subscribers commands after
// their output, once that day has passed and until the list is erased.
import { EVENT_TIME_ZONE } from '../content/event.ts';
import { LIST_KEPT_UNTIL_ISO, LIST_KEPT_UNTIL_LONG, RETENTION_MONTHS } from '../content/privacy.ts';
import { dateIn } from '../content/event-dates.ts';

/**
 * One line for the organisers once the list is kept past what the privacy page promises (the
 * event day plus RETENTION_MONTHS, in the event's time zone), else null. `signups` counts the
 * list; it is asked only once that day has passed, so no command pays for it before.
 */
export async function retentionNotice(
  signups: () => number | Promise<number>,
  now = new Date(),
): Promise<string | null> {
  if (dateIn(EVENT_TIME_ZONE, now) <= LIST_KEPT_UNTIL_ISO) return null;
  // The promise is about the list: the sign-ups. Suppressed addresses are kept until someone
  // asks (the page's own paragraph on bounces) and delivery records keep only a fingerprint of
  // an address; erase deletes both, but without a sign-up there is no list left to delete.
  if ((await signups()) === 0) return null;
  return (
    `The privacy page promises the list is deleted by ${LIST_KEPT_UNTIL_LONG} (${RETENTION_MONTHS} months ` +
    `after the event day), and that day has passed: npm run subscribers -- erase deletes it.`
  );
}
