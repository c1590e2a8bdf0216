// Anton, the display face, is declared on every page (base-layout.astro), but the headings' font
// stack names it only once <html> has DISPLAY_FONT_READY. A first visit paints every heading at
// once in the metric-matched stand-in ('Anton fallback' in global.css) and asks for the font once
// the first paint has been shown and the page has loaded, so its request is not on the way to the
// largest paint (docs/decisions/0003-display-font-after-first-paint.md). A face declared in the
// page lays out again only its own text when it arrives; one added from script
// (document.fonts.add) lays out the whole page again, a long task on a phone
// (docs/decisions/0024-display-font-declared-switched-on.md). The browser keeps its own copy
// (Cache API): a later page that finds it adds it at once, usually before its first layout, with
// no request. One that does not (storage cleared, or no Cache API) waits like a first visit. A
// note in localStorage could not tell that the HTTP cache had been emptied since, and asking that
// cache (`only-if-cached`) logs an error on a miss.
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
