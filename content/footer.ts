// Footer copy.

import { COPYRIGHT_YEAR, EVENT_SHORT_NAME, HOST_INSTITUTION } from './event';

export const DISCLAIMER = `${EVENT_SHORT_NAME} is an independently organised event, licensed by TED. It is not owned by ${HOST_INSTITUTION}.`;

export const LEGAL_NOTICE = 'This independent TEDx event is operated under license from TED.';

export const COPYRIGHT = `© ${COPYRIGHT_YEAR} ${EVENT_SHORT_NAME}. All rights reserved.`;

/** Heading of the team list (#meet-the-team) and the footer link to it. */
export const MEET_THE_TEAM_TITLE = 'Meet the Team';
/** Heading of the press contact (#media-press). */
export const MEDIA_PRESS_TITLE = 'Press & Media';
export const PRESS_BODY =
  'The licensed organizer is the sole media spokesperson for the event. Please direct all press enquiries to:';
/** Heading of the footer area (#organizing-team). */
export const ORGANIZING_TEAM_TITLE = 'Organizing Team';

export const PRIVACY_LINK_LABEL = 'Privacy';
