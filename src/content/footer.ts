// Footer copy (SPEC section 1).

import { COPYRIGHT_YEAR, EVENT_SHORT_NAME, HOST_INSTITUTION } from './event';

export const DISCLAIMER = `${EVENT_SHORT_NAME} is an independently organised event, licensed by TED. It is not owned by ${HOST_INSTITUTION}.`;

export const LEGAL_NOTICE = 'This independent TEDx event is operated under license from TED.';

export const COPYRIGHT = `© ${COPYRIGHT_YEAR} ${EVENT_SHORT_NAME}. All rights reserved.`;

export const TEAM_TITLE = 'Meet the Team';
export const PRESS_TITLE = 'Media & Press';
export const PRESS_BODY =
  'The licensed organizer is the sole media spokesperson for the event. Please direct all press enquiries to:';
export const ORGANIZING_TITLE = 'Organizing Team';

export const PRIVACY_LINK_LABEL = 'Privacy';
