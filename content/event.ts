import { eventDates } from './event-dates.ts';

// The facts of this edition. Organisers: change these for the next event; every page, the
// countdown, the share tags and the JSON-LD read them from here.

/** Short name, as it appears in the logo and page titles. */
export const EVENT_SHORT_NAME = 'TEDxKampalaBS';

const WORD_MARK_RED = 'TEDx';
/** The word mark's two parts (logo, share image, mail, unsubscribe page): 'TEDx' in red. */
export const WORD_MARK = EVENT_SHORT_NAME.startsWith(WORD_MARK_RED)
  ? { red: WORD_MARK_RED, rest: EVENT_SHORT_NAME.slice(WORD_MARK_RED.length) }
  : { red: '', rest: EVENT_SHORT_NAME };
/** The host institution, named only in the disclaimer. */
export const HOST_INSTITUTION = 'the university';
export const EVENT_CITY = 'Kampala';
const EVENT_COUNTRY_NAME = 'Uganda';
/** ISO 3166 code of the country, for the JSON-LD. */
export const EVENT_COUNTRY = 'UG';

/** The venue. PLACEHOLDER: organisers, replace it before launch (docs/next-edition.md, "The
 * venue", says what to write and where it shows). */
export const VENUE = {
  name: 'The Main Hall',
  description:
    'On the business school campus in Kampala: one stage, seats for 100 student founders and their guests, and room in the breaks to talk.',
} as const;
/** Where, in one line: the calendar entry's location and the home page's "When & where". */
export const EVENT_VENUE = `${VENUE.name}, ${EVENT_CITY}, ${EVENT_COUNTRY_NAME}`;

/**
 * The moment the event begins and the countdown reaches zero, stored with its offset so every
 * time zone agrees. Every date on the site (copy, name, copyright, JSON-LD, share image) is
 * derived from it.
 */
export const LAUNCH_AT = '2025-11-15T09:00:00+03:00';
/** Where the event happens: the calendar date is the one in this time zone. */
export const EVENT_TIME_ZONE = 'Africa/Kampala';
export const LAUNCH_AT_MS = Date.parse(LAUNCH_AT);

const dates = eventDates(LAUNCH_AT, EVENT_TIME_ZONE);
/** The event's calendar date, for <time datetime>: 2025-11-15. */
export const EVENT_DATE_ISO = dates.iso;
/** How copy writes the date: November 15th, 2025. */
export const EVENT_DATE_LONG = dates.long;
/** How the speaker cards write it: Nov 15, 2025. */
export const EVENT_DATE_SHORT = dates.short;
export const COPYRIGHT_YEAR = dates.year;

/** Full name, for the share card, JSON-LD and the web manifest. */
export const EVENT_FULL_NAME = `${EVENT_SHORT_NAME} ${dates.year}`;

/** Canonical origin of the site; `SITE_URL` at build time overrides it (see astro.config.mjs). */
export const SITE_URL_DEFAULT = 'https://tedxkampalabs.example';
