// The facts of this edition. Organisers: change these for the next event; every page, the
// countdown, the share tags and the JSON-LD read them from here.

/** Short name, as it appears in the logo and page titles. */
export const EVENT_SHORT_NAME = 'TEDxKampalaBS';
/** Full name, for the share card, JSON-LD and the legal notice. */
export const EVENT_FULL_NAME = 'TEDxKampalaBS 2025';
/** The host institution, named only in the disclaimer. */
export const HOST_INSTITUTION = 'the university';
/** Where the event happens; shown to search engines in the Event JSON-LD. */
export const EVENT_VENUE = 'Kampala, Uganda';
export const EVENT_CITY = 'Kampala';
export const EVENT_COUNTRY = 'UG';

/** The moment the countdown reaches zero, stored with its offset so every time zone agrees. */
export const LAUNCH_AT = '2025-11-15T09:00:00+03:00';
/** The launch moment in epoch milliseconds. */
export const LAUNCH_AT_MS = Date.parse(LAUNCH_AT);

/** The event's calendar date, for <time datetime>. */
export const EVENT_DATE_ISO = LAUNCH_AT.slice(0, 10);
/** How the date is written in copy. */
export const EVENT_DATE_LONG = 'November 15th, 2025';
export const EVENT_DATE_SHORT = 'Nov 15, 2025';
export const COPYRIGHT_YEAR = 2025;

/** Canonical origin of the site; `SITE_URL` at build time overrides it (see astro.config.mjs). */
export const SITE_URL_DEFAULT = 'https://tedxkampalabs.example';
