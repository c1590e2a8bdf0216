// Copy for the home page: the figures are the product specification's, the rest is written in
// its voice.

import { EVENT_CITY, EVENT_DATE_LONG, EVENT_SHORT_NAME } from './event';

export const HERO = {
  kicker: 'Independently organised TEDx event',
  tagline: 'Where student founders meet the ideas that build Africa’s next economy.',
  date: EVENT_DATE_LONG,
  /** Next to the date: where, at a glance (the venue is described in the About section). */
  place: EVENT_CITY,
  ctaLabel: "Sneak Peek - See Who's Coming",
} as const;

export const STATS = [
  { value: '10', label: 'Speakers' },
  { value: '100', label: 'Student founders under 27' },
  { value: '1', label: 'Stage' },
] as const;

export const COMING_SOON = {
  title: 'Coming Soon',
  body: 'One day of talks, bold ideas and the people building what comes next. Save the date.',
} as const;

export const CONTINENT_STATS = {
  title: 'Why it matters',
  items: [
    { value: '1 in 3', label: 'Africans starts or runs a business.' },
    {
      value: '1 in 2',
      label:
        'small businesses fail in the first year because of mentorship gaps, limited infrastructure and almost no access to global markets.',
    },
  ],
} as const;

export const ABOUT = {
  title: 'About the Event',
  body: 'A day for student founders and everyone who backs them: short, powerful talks from people who have built companies, media houses and movements, and from students who are building theirs right now.',
  expectTitle: 'What to Expect',
  cards: [
    {
      title: 'Talks that travel',
      body: 'Ten speakers, eighteen minutes or less each: ideas worth spreading, told from this stage to the world.',
    },
    {
      title: 'Founders in the room',
      body: 'One hundred student founders under 27, ready to trade notes, questions and ambitions.',
    },
    {
      title: 'Mentors within reach',
      body: 'Leaders in business, media and tech who remember what the first year felt like.',
    },
    {
      title: 'Connections that last',
      body: 'Conversations in the breaks that turn into partnerships, customers and friends.',
    },
  ],
} as const;

/** In the About section: when and where (the venue itself is in event.ts). */
export const WHEN_WHERE_TITLE = 'When & where';

/**
 * TED's "What is TEDx?" language, which TED's rules require on the home page, word for word with
 * the event's own name in it. Do not reword it.
 */
export const WHAT_IS_TEDX = {
  title: 'What is TEDx?',
  body: `In the spirit of ideas worth spreading, TED has created a program called TEDx. TEDx is a program of local, self-organized events that bring people together to share a TED-like experience. Our event is called ${EVENT_SHORT_NAME}, where x = independently organized TED event. At our ${EVENT_SHORT_NAME} event, TEDTalks video and live speakers will combine to spark deep discussion and connection in a small group. The TED Conference provides general guidance for the TEDx program, but individual TEDx events, including ours, are self-organized.`,
} as const;

export const COUNTDOWN_TITLE = 'Event Launching In';
export const COUNTDOWN_UNITS = ['Days', 'Hours', 'Minutes', 'Seconds'] as const;

export const SIGNUP = {
  title: 'Be the First to Know',
  body: 'Leave your email and we will tell you the moment the speakers are revealed and tickets open.',
  emailLabel: 'Email address',
  emailPlaceholder: 'you@example.com',
  firstNameLabel: 'First name',
  firstNamePlaceholder: 'First name (optional)',
  submitLabel: 'Notify Me',
  submittingLabel: 'Subscribing…',
  thanks: 'Thanks for subscribing!',
  /** The one line under the form: what the address is for (the privacy page says the rest). */
  privacyNote:
    'We use your email only to tell you about the launch and news of this event. Unsubscribe any time.',
  privacyLinkLabel: 'How we handle your data',
} as const;

export const SOCIAL_TITLE = 'Follow the journey';
