// The privacy page (/privacy): what happens to an address left on the sign-up form, in plain
// words. Organisers: keep this true. If you change who runs the list, what it is used for or how
// long it is kept, change it here first.

import { addMonths, eventDates } from './event-dates.ts';
import { EVENT_DATE_ISO, EVENT_DATE_LONG, EVENT_SHORT_NAME, EVENT_TIME_ZONE } from './event.ts';
import { PRESS_CONTACT } from './team.ts';

/** How long after the event day the list is kept before it is deleted. */
export const RETENTION_MONTHS = 6;

/** The last day the list may be kept (the event day plus RETENTION_MONTHS), as 2026-05-15. */
export const LIST_KEPT_UNTIL_ISO = addMonths(EVENT_DATE_ISO, RETENTION_MONTHS);
/** The same day as copy writes it: May 15th, 2026. */
export const LIST_KEPT_UNTIL_LONG = eventDates(
  `${LIST_KEPT_UNTIL_ISO}T12:00:00Z`,
  EVENT_TIME_ZONE,
).long;

interface PrivacyLink {
  text: string;
  href: string;
  external?: boolean;
}

/** A paragraph: text with the odd link in it. */
export type PrivacyParagraph = readonly (string | PrivacyLink)[];

interface PrivacySection {
  id: string;
  heading: string;
  paragraphs: readonly PrivacyParagraph[];
}

/** Who to write to about your data: the licensed organizer. */
const contactLink: PrivacyLink = {
  text: PRESS_CONTACT.email,
  href: `mailto:${PRESS_CONTACT.email}`,
};

export const PRIVACY_INTRO = {
  kicker: 'Privacy',
  title: 'Your email, in plain words',
  body: `What happens to the address you leave on the ${EVENT_SHORT_NAME} sign-up form: who keeps it, what for, for how long, and how to get it deleted.`,
} as const;

/** /your-data without its token (a static host's page: decision 0028). */
export const YOUR_DATA_INTRO = {
  kicker: 'Privacy',
  title: 'Your data',
  body: 'Everything we hold about you, to see, correct, download or erase: opened by the “Your data” link in any of our messages.',
  code: 'The code from your link',
  codeHelp: 'The part after “token=” in the “Your data” link of our message.',
  button: 'Show what you hold about me',
} as const;

export const PRIVACY_SECTIONS: readonly PrivacySection[] = [
  {
    id: 'who',
    heading: 'Who keeps it',
    paragraphs: [
      [
        `The student organising team of ${EVENT_SHORT_NAME}, an independently organised event. Not TED, and not the university. Write to ${PRESS_CONTACT.name}, ${PRESS_CONTACT.role}: `,
        contactLink,
        '.',
      ],
    ],
  },
  {
    id: 'what-for',
    heading: 'What it is for',
    paragraphs: [
      [
        `One thing only: to tell you when ${EVENT_SHORT_NAME} launches, and to send you news of this event. We do not sell it, share it, or use it for anything else.`,
      ],
    ],
  },
  {
    id: 'what-we-keep',
    heading: 'What we keep, and for how long',
    paragraphs: [
      [
        'Your email address, your first name if you gave one, and the time you signed up; for the messages we send, a random code for your unsubscribe link and a note of which message reached you (kept as a scrambled fingerprint of the address, so nobody gets the same message twice). Nothing else: no tracking, no cookies from this form.',
      ],
      [
        'If the link that brought you here said where it was shared (for example “whatsapp” in a link a friend sent there, or “poster”), we keep that one word with your sign-up, so we know which posts and groups reach people. It is a label on the link, not anything about you or your device. The first name is only used to greet you in our messages, and only if it looks like a name.',
      ],
      [
        `We delete the whole list within ${RETENTION_MONTHS} months after the event day, ${EVENT_DATE_LONG}: by ${LIST_KEPT_UNTIL_LONG} at the latest. If you unsubscribe or ask us to delete your address, it goes sooner.`,
      ],
      [
        "If a message to your address bounces because the address does not exist or refuses mail, we keep that address and the mail server's answer on a list of addresses we never write to again, so we do not keep knocking on a closed door; ask us and we take it off.",
      ],
    ],
  },
  {
    id: 'leaving',
    heading: 'Seeing, correcting and leaving',
    paragraphs: [
      [
        'Every message we send has an unsubscribe link. One click and you get nothing more from us.',
      ],
      [
        'Every message also has a “Your data” link, beside the unsubscribe link. It opens a page, for you alone, that shows everything we hold about you: your address, your first name, when and how you signed up, each message we sent you and what became of it, and whether your address is on our do-not-mail list. There you can correct your first name, download it all as a file, leave the list, or erase it. Erasing takes your sign-up and the record of our messages for good; if your address is on the do-not-mail list, a one-way fingerprint of it stays there with why and since when, and nothing else, so that we never write to it again.',
      ],
      [
        'Before our first message reaches you, or if you have lost it, write to ',
        contactLink,
        ' to see, correct or delete what we hold about you. We will do it and tell you when it is done.',
      ],
    ],
  },
  {
    id: 'complaints',
    heading: 'If you are not happy',
    paragraphs: [
      [
        'Tell us first, at ',
        contactLink,
        '. You also have the right to complain to Uganda’s Personal Data Protection Office (PDPO), part of the National Information Technology Authority – Uganda (NITA-U), under the Data Protection and Privacy Act, 2019: ',
        { text: 'pdpo.go.ug', href: 'https://pdpo.go.ug/', external: true },
        '.',
      ],
    ],
  },
];
