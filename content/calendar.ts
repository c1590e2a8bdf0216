// "Add to calendar": the event day as an iCalendar file, every date derived from LAUNCH_AT.

import { EVENT_SHORT_NAME, EVENT_VENUE, LAUNCH_AT_MS } from './event';

/** Where the prerendered file is served (src/pages/save-the-date.ics.ts). */
export const CALENDAR_FILE_PATH = '/save-the-date.ics';

/**
 * How long the calendar entry lasts from the launch moment. Organisers: the spec gives only the
 * start; set the real programme length here.
 */
const EVENT_DURATION_HOURS = 8;

export const CALENDAR_EVENT = {
  start: new Date(LAUNCH_AT_MS),
  end: new Date(LAUNCH_AT_MS + EVENT_DURATION_HOURS * 3_600_000),
  summary: EVENT_SHORT_NAME,
  description: `${EVENT_SHORT_NAME}: talks by student founders and the people who back them. Speakers are revealed on the day; sign up on the site to be the first to know.`,
  location: EVENT_VENUE,
} as const;

export const CALENDAR_LINK_LABEL = 'Add to calendar';
