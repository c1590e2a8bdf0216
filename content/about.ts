// Copy for /about. The two cards follow the product specification; the opening is ours.

export const ABOUT_INTRO = {
  kicker: 'Ideas worth spreading',
  title: 'About TED and TEDx',
  body: 'Our event is part of a global movement of local, self-organised gatherings. Here is how TED and TEDx fit together.',
} as const;

export const ABOUT_TEDX = {
  title: 'About TEDx',
  paragraphs: [
    'In the spirit of ideas worth spreading, TEDx is a program of local, self-organized events that bring people together to share a TED-like experience. The x stands for an independently organized event.',
    'At a TEDx event, TED Talks video and live speakers combine to spark deep discussion and connection in a small group.',
    'The TED Conference provides general guidance for the TEDx program, but individual TEDx events, including ours, are self-organized, subject to certain rules and regulations.',
  ],
} as const;

export const ABOUT_TED = {
  title: 'About TED',
  paragraphs: [
    'TED is a nonprofit, nonpartisan organization dedicated to discovering, debating and spreading ideas that spark conversation, deepen understanding and drive meaningful change.',
    'TED began in 1984 as a conference where technology, entertainment and design converged. Today it publishes talks, podcasts, short video series and TED-Ed lessons, translated into more than 100 languages.',
    'TED has also run the Audacious Project, which has catalysed over $3 billion for bold solutions; Countdown, launched in 2020 to accelerate solutions to the climate crisis; and TED Democracy, launched in 2023.',
  ],
  followTitle: 'Follow TED on',
} as const;
