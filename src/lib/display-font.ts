// Anton is declared on every page (base-layout.astro); the headings name it only once <html> has
// DISPLAY_FONT_READY, set after the first paint and the load event, or at once from the copy kept
// with the Cache API (docs/decisions/0003-display-font-after-first-paint.md and
// 0024-display-font-declared-switched-on.md). A note in localStorage could not tell that the HTTP
// cache had been emptied since, and asking that cache (`only-if-cached`) logs an error on a miss.
import antonUrl from '@fontsource/anton/files/anton-latin-400-normal.woff2?url';
import { afterFirstPaint } from './after-first-paint';

const FAMILY = 'Anton';
/** The class on <html> that puts Anton first in the headings' font stack. */
export const DISPLAY_FONT_READY = 'display-font';
/** Anton's `@font-face` rule, in every page's head: declared, fetched only when asked for. */
export const DISPLAY_FONT_FACE = `@font-face{font-family:'${FAMILY}';font-display:swap;src:url(${antonUrl}) format('woff2')}`;
/** The rule that names Anton first for `.font-display` text inside `scope`. */
export const useDisplayFont = (scope: string) =>
  `${scope} .font-display{font-family:'${FAMILY}',var(--font-display)}`;

/** The Cache API cache that keeps the font's bytes between visits. */
const DISPLAY_FONT_CACHE = 'display-font';

/** The kept copy, or null: none kept, or no Cache API here (an insecure origin, storage refused). */
async function keptCopy(): Promise<ArrayBuffer | null> {
  try {
    const response = await caches.match(antonUrl, { cacheName: DISPLAY_FONT_CACHE });
    return response ? await response.arrayBuffer() : null;
  } catch {
    return null;
  }
}

export function loadDisplayFont(): void {
  if (typeof FontFace !== 'function' || !document.fonts) return;
  const ready = () => document.documentElement.classList.add(DISPLAY_FONT_READY);
  void keptCopy()
    .then((kept) => {
      if (kept) {
        const face = new FontFace(FAMILY, kept, { display: 'swap' });
        document.fonts.add(face);
        return face.load().then(ready);
      }
      afterFirstPaint(
        () =>
          void document.fonts
            .load(`1em ${FAMILY}`)
            .then(ready)
            // A copy for the next page, from the HTTP cache the font was just loaded into
            // (nothing to keep it in: the next page waits for its first paint again).
            .then(() => caches.open(DISPLAY_FONT_CACHE))
            .then((cache) => cache.add(antonUrl))
            .catch(() => undefined),
      );
    })
    .catch(() => undefined);
}
