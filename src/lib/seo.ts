// Page titles and descriptions, one per route.

import { parseThemeColors, themeColor } from '../../common/theme-colors';
import themeCss from '../styles/global.css?raw';
import type { SignupKind } from '../../common/signup-contract';
import { signupOutcomeOfKind } from './signup-outcome';
import { EVENT_DATE_LONG, EVENT_DATE_SHORT, EVENT_SHORT_NAME } from '../../content/event';

export interface PageMeta {
  title: string;
  description: string;
}

export const PAGE_META = {
  home: {
    // The short date keeps the share title within SHARE_TITLE_MAX_LENGTH.
    title: `${EVENT_SHORT_NAME} — Ideas for Africa's next founders · ${EVENT_DATE_SHORT}`,
    description: `Ten speakers, 100 student founders under 27, one stage. ${EVENT_SHORT_NAME} launches ${EVENT_DATE_LONG}. Sign up to be the first to know.`,
  },
  about: {
    title: `About TED and TEDx · ${EVENT_SHORT_NAME}`,
    description:
      'What TED and TEDx are, how independently organized TEDx events work, and where to follow TED.',
  },
  speakers: {
    title: `Speakers — The Voices. Not Yet Revealed. · ${EVENT_SHORT_NAME}`,
    description: `Ten extraordinary minds, one transformative stage. Meet the speakers of ${EVENT_SHORT_NAME} on ${EVENT_DATE_LONG}.`,
  },
  privacy: {
    title: `Privacy: what happens to your email · ${EVENT_SHORT_NAME}`,
    description: `Who keeps the email addresses left on the ${EVENT_SHORT_NAME} sign-up form, what for, for how long, and how to have yours deleted.`,
  },
  yourData: {
    title: `Your data · ${EVENT_SHORT_NAME}`,
    description: `What the ${EVENT_SHORT_NAME} organisers hold about you, opened by the “Your data” link in their messages.`,
  },
  notFound: {
    title: `Page not found · ${EVENT_SHORT_NAME}`,
    description: 'This page does not exist. Return to the home page.',
  },
} satisfies Record<string, PageMeta>;

/** The page a no-JavaScript sign-up lands on: titled with the outcome's notice. */
export function signupOutcomePageMeta(kind: SignupKind): PageMeta {
  const { notice } = signupOutcomeOfKind(kind);
  return {
    title: `${notice.title} · ${EVENT_SHORT_NAME}`,
    // "Something went wrong" ends without a full stop: the description's first sentence does not.
    description: `${notice.title}${/[.!?]$/.test(notice.title) ? '' : '.'} ${notice.description}`,
  };
}

export const SHARE_IMAGE = {
  path: '/og-image.png',
  width: 1200,
  height: 630,
  alt: `${EVENT_SHORT_NAME} — ${EVENT_DATE_LONG}`,
} as const;

/** The browser's UI colour and the web manifest's: the page's own near-black. */
export const THEME_COLOR = themeColor(parseThemeColors(themeCss), 'ink');
