// "Share it": the words that go with the link, and the order of the share targets (WhatsApp
// first: it is what our visitors use).

import { EVENT_DATE_LONG, EVENT_SHORT_NAME } from './event';

export const SHARE_TITLE = 'Tell a friend';

export const SHARE_TEXT = `${EVENT_SHORT_NAME}, ${EVENT_DATE_LONG}: ten speakers, 100 student founders under 27, one stage. Be the first to know:`;

export type ShareTarget = 'whatsapp' | 'x' | 'linkedin' | 'facebook';

export const SHARE_TARGETS: readonly { target: ShareTarget; label: string }[] = [
  { target: 'whatsapp', label: 'WhatsApp' },
  { target: 'x', label: 'X' },
  { target: 'linkedin', label: 'LinkedIn' },
  { target: 'facebook', label: 'Facebook' },
];

export const SHARE_LINK_PREFIX = 'Share on';
/** The phone's own share sheet, shown only where the browser offers one. */
export const NATIVE_SHARE_LABEL = 'More ways to share';
