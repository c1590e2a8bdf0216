// The nine anonymous speaker teasers. Held here, never loaded from a server.
// Seven describe senior business, media and tech figures; the last two are student voices.

import { EVENT_DATE_LONG, EVENT_DATE_SHORT } from './event';

/** A category is two areas; cards show them joined by a bar ("Marketing | Media"). */
type CategoryAreas = readonly [first: string, second: string];

export interface SpeakerTeaser {
  category: CategoryAreas;
  achievement: string;
  tease: string;
}

export const SPEAKERS: readonly SpeakerTeaser[] = [
  {
    category: ['Marketing', 'Media'],
    achievement: 'Built a brand that millions of East Africans see before breakfast.',
    tease: 'The story behind the campaigns you can still hum.',
  },
  {
    category: ['Tech', 'Entrepreneurship'],
    achievement: 'Took a two-person startup to a platform used in twelve countries.',
    tease: 'What the first thousand users taught them that no investor could.',
  },
  {
    category: ['Entrepreneurship', 'Investment'],
    achievement: 'Has backed more than forty African founders from their first cheque.',
    tease: 'Why the best pitch they ever heard lasted under a minute.',
  },
  {
    category: ['Entertainment', 'Arts'],
    achievement: 'Turned a studio in a spare room into a stage the whole region watches.',
    tease: 'Creativity is a business, and they have the receipts.',
  },
  {
    category: ['Tech', 'Social Impact'],
    achievement: 'Designed a service that now reaches rural communities on any phone.',
    tease: 'Technology that starts with the people it serves.',
  },
  {
    category: ['Business', 'Leadership'],
    achievement: 'Leads one of the country’s largest employers through its boldest decade.',
    tease: 'Hard calls, long nights and the lessons worth passing on.',
  },
  {
    category: ['Entrepreneurship', 'Business'],
    achievement: 'Grew a market stall into a manufacturing company that exports abroad.',
    tease: 'From one table to global shelves, one stubborn step at a time.',
  },
  {
    category: ['Student Voice', 'Innovation'],
    achievement: 'A student founder whose campus idea already has paying customers.',
    tease: 'Proof you do not have to wait until graduation.',
  },
  {
    category: ['Student Voice', 'Innovation'],
    achievement: 'A student researcher solving a problem most people walk past every day.',
    tease: 'The next generation is not coming. It is already here.',
  },
];

/** The category as one line of text, as the cards show it: "Marketing | Media". */
export const categoryText = (category: CategoryAreas) => category.join(' | ');

export const SPEAKERS_HERO = {
  title: 'The Voices. Not Yet Revealed.',
  subtitle: 'Ten extraordinary minds. One transformative stage.',
  date: EVENT_DATE_LONG,
} as const;

export const SPEAKERS_GRID_TITLE = 'Speaker teasers';

export const SPEAKER_REVEAL_TEXT = `Identity Revealed: ${EVENT_DATE_SHORT}`;

export const SPEAKERS_CTA = {
  title: 'Be There When the Curtain Rises',
  body: `Join us ${EVENT_DATE_LONG}, when these extraordinary voices take the stage.`,
  linkLabel: 'Get Notified',
} as const;
