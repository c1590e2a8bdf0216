// Behaviour constants of the page's scripts. Change them here, nowhere else. (Where a section
// lands after a scroll jump is CSS: scroll-padding-top in src/styles/global.css.)

/** A section counts as active once its top is within this distance of the viewport top. */
export const ACTIVE_OFFSET_PX = 150;
/** After arriving on `/` with a hash, scroll again after this delay. */
export const HASH_SCROLL_DELAY_MS = 100;
