// What a link preview shows whole, for the share tags of every page (WhatsApp's preview is the one
// that matters here: it is where the site is shared). Imports nothing, so `npm run og` can read it.

/** The longest title a WhatsApp link preview shows whole; each page title is its share title. */
export const SHARE_TITLE_MAX_LENGTH = 65;

/**
 * WhatsApp shows no image for a share image of 600 KB or more (commonly documented limit; kept in
 * decimal kilobytes, the stricter reading). `npm run og` refuses to write a larger one.
 */
export const SHARE_IMAGE_MAX_BYTES = 600_000;
