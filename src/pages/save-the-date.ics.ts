// The event day as an iCalendar file, prerendered at build (served as text/calendar).
import type { APIRoute } from 'astro';
import { CALENDAR_EVENT } from '../../content/calendar';
import { EVENT_SHORT_NAME, LAUNCH_AT } from '../../content/event';
import { icsCalendar } from '../lib/icalendar';
import { OWN_SOURCES, withSource } from '../../common/signup-source';

export const GET: APIRoute = ({ site }) => {
  const home = new URL('/', site);
  const body = icsCalendar(
    {
      ...CALENDAR_EVENT,
      uid: `${LAUNCH_AT.slice(0, 10)}-${EVENT_SHORT_NAME.toLowerCase()}@${home.hostname}`,
      // Sign-ups from the calendar entry's link say so (the UID stays the bare host).
      url: withSource(home.href, OWN_SOURCES.calendar),
      stamp: new Date(),
    },
    `-//${EVENT_SHORT_NAME}//Save the date//EN`,
  );
  return new Response(body, { headers: { 'Content-Type': 'text/calendar; charset=utf-8' } });
};
