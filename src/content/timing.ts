// Behaviour constants from SPEC section 9. Change them here, nowhere else.

/** Sections land this far below the top of the viewport after a scroll jump. */
export const SCROLL_OFFSET_PX = 100;
/** A section counts as active once its top is within this distance of the viewport top. */
export const ACTIVE_OFFSET_PX = 150;
/** After arriving on `/` with a hash, scroll again after this delay. */
export const HASH_SCROLL_DELAY_MS = 100;
/** The countdown refreshes this often. */
export const COUNTDOWN_REFRESH_MS = 1000;
