// Anton, the display face, loads once the first paint has been shown and the page has loaded: a
// first visit paints every heading at once in the metric-matched stand-in ('Anton fallback' in
// global.css) and the font request is not on the way to the largest paint (docs/decisions/0003-display-font-after-first-paint.md).
// The browser keeps its own copy (Cache API): a later page or visit that finds it uses it at
// once, with no request, as a stylesheet would from its cache. One that does not find it (a
// phone that cleared its storage, or an origin without the Cache API) waits like a first visit,
// so the font never competes with the page's first paint. A note in localStorage could not tell
// that the browser's HTTP cache had been emptied since, and asking that cache (`only-if-cached`)
// logs an error on a miss.
import antonUrl from '@fontsource/anton/files/anton-latin-400-normal.woff2?url';
import { afterFirstPaint } from './after-first-paint';

/** Anton as an `@font-face` rule names it: also the no-JavaScript style in base-layout.astro. */
export const DISPLAY_FONT_FAMILY = 'Anton';
export const DISPLAY_FONT_SRC = `url(${antonUrl}) format('woff2')`;

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

/** The font from the network (or the HTTP cache), keeping a copy for the next page. */
async function fetchAndKeep(): Promise<ArrayBuffer> {
  const response = await fetch(antonUrl);
  if (!response.ok) throw new Error(`${antonUrl}: ${response.status}`);
  try {
    await (await caches.open(DISPLAY_FONT_CACHE)).put(antonUrl, response.clone());
  } catch {
    // nothing to keep it in: the next page waits for its first paint again
  }
  return response.arrayBuffer();
}

export function loadDisplayFont(): void {
  if (typeof FontFace !== 'function' || !document.fonts) return;
  const use = (data: ArrayBuffer) => {
    const face = new FontFace(DISPLAY_FONT_FAMILY, data, { display: 'swap' });
    document.fonts.add(face);
    return face.load();
  };
  void keptCopy()
    .then((kept) => {
      if (kept) return use(kept);
      afterFirstPaint(
        () =>
          void fetchAndKeep()
            .then(use)
            .catch(() => undefined),
      );
    })
    .catch(() => undefined);
}
