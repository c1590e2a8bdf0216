// Anton, the display face, loads once the first paint has been shown and the page has loaded: a
// first visit paints every heading at once in the metric-matched stand-in ('Anton fallback' in
// global.css) and the font request is not on the way to the largest paint (docs/performance.md).
// A browser that has loaded it before (so has it cached for a year) gets it right away, as a
// stylesheet would give it.
import antonUrl from '@fontsource/anton/files/anton-latin-400-normal.woff2?url';
import { afterFirstPaint } from './after-first-paint';

/** Anton as an `@font-face` rule names it: also the no-JavaScript style in base-layout.astro. */
export const DISPLAY_FONT_FAMILY = 'Anton';
export const DISPLAY_FONT_SRC = `url(${antonUrl}) format('woff2')`;

/** Set once Anton has loaded in this browser. */
const LOADED_KEY = 'anton-loaded';

function hasLoadedBefore(): boolean {
  try {
    return localStorage.getItem(LOADED_KEY) === '1';
  } catch {
    return false; // storage refused (privacy settings): treat as a first visit
  }
}

function remember(): void {
  try {
    localStorage.setItem(LOADED_KEY, '1');
  } catch {
    // nothing to remember it in; the next visit waits for the first paint again
  }
}

export function loadDisplayFont(): void {
  if (typeof FontFace !== 'function' || !document.fonts) return;
  const face = new FontFace(DISPLAY_FONT_FAMILY, DISPLAY_FONT_SRC, { display: 'swap' });
  const add = () => {
    document.fonts.add(face);
    return face.load();
  };
  if (hasLoadedBefore()) {
    add().catch(() => undefined);
    return;
  }
  // Remembered only here: a return visit finds the key already set.
  afterFirstPaint(() => void add().then(remember, () => undefined));
}
