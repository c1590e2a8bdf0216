import {
  EVENT_CITY,
  EVENT_COUNTRY,
  EVENT_FULL_NAME,
  EVENT_SHORT_NAME,
  LAUNCH_AT,
  VENUE,
} from '../../content/event';
import { PAGE_META, SHARE_IMAGE } from './seo';

/** schema.org Event for the home page, with absolute URLs from the site setting. */
export function eventJsonLd(site: URL | undefined) {
  const home = new URL('/', site).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: EVENT_FULL_NAME,
    description: PAGE_META.home.description,
    startDate: LAUNCH_AT,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: {
      '@type': 'Place',
      // The same venue the home page describes (content/event.ts).
      name: VENUE.name,
      description: VENUE.description,
      address: {
        '@type': 'PostalAddress',
        addressLocality: EVENT_CITY,
        addressCountry: EVENT_COUNTRY,
      },
    },
    image: [new URL(SHARE_IMAGE.path, site).href],
    url: home,
    organizer: { '@type': 'Organization', name: EVENT_SHORT_NAME, url: home },
  };
}
