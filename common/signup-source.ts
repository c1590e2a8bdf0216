// Where a sign-up came from, without cookies: the landing address's `utm_source` (or `ref`),
// kept with the sign-up as a short label. The same rule runs in the database for the form's
// no-JavaScript path (supabase/migrations/20261123110000_signup_source_one_row.sql reads it from
// the Referer), so the value is taken as written in the address, not URL-decoded.
import type { ShareTarget } from '../content/share';

/** Lower-case letters, digits, `_` and `-`, 1 to 32 of them; anything else is dropped. */
const SOURCE_PATTERN = /^[a-z0-9_-]{1,32}$/;

/** The sources the site's own links carry: each share target, the calendar file and email. */
type OwnSource = ShareTarget | 'calendar' | 'email';

export const OWN_SOURCES = {
  whatsapp: 'whatsapp',
  x: 'x',
  linkedin: 'linkedin',
  facebook: 'facebook',
  calendar: 'calendar',
  email: 'email',
} as const satisfies { [Source in OwnSource]: Source };

/** A label as it is kept: lower-cased, or null when it is not one. */
export function normaliseSource(raw: string | null | undefined): string | null {
  const value = (raw ?? '').trim().toLowerCase();
  return SOURCE_PATTERN.test(value) ? value : null;
}

const param = (address: string, name: string) =>
  new RegExp(`[?&]${name}=([^&#]*)`).exec(address)?.[1];

/** The source of a landing address (a full URL or just its `?query`), or null. */
export function landingSource(address: string): string | null {
  return normaliseSource(param(address, 'utm_source') ?? param(address, 'ref'));
}

/** The site's own link to `pageUrl`, marked with where it was shared. */
export function withSource(pageUrl: string, source: OwnSource): string {
  const url = new URL(pageUrl);
  url.searchParams.set('utm_source', source);
  return url.toString();
}
