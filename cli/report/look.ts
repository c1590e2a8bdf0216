// The site's look for a file that must work with no network: the theme's colours read from the
// site's stylesheet, the phone's own sans-serif, and the display font (Anton) inlined.
import { readFileSync } from 'node:fs';
import { theme } from '../../platform/theme.ts';

export const COLORS = {
  ink: theme('ink'),
  surface: theme('surface'),
  line: theme('line'),
  paper: theme('paper'),
  muted: theme('muted'),
  brand: theme('brand'),
  accent: theme('accent'),
  // Two more for what is not the list growing (leaving, bouncing): readable on the dark surface.
  amber: '#f0b429',
  violet: '#b794f6',
} as const;

export const FONT_SANS =
  "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
export const FONT_DISPLAY = "'Anton', 'Arial Narrow', Impact, sans-serif";

/** Anton, latin only (18 KB), as a data: URL in the page's own stylesheet. */
export function displayFontFace(): string {
  const file = new URL(
    '../../node_modules/@fontsource/anton/files/anton-latin-400-normal.woff2',
    import.meta.url,
  );
  const data = readFileSync(file).toString('base64');
  return `@font-face{font-family:'Anton';font-style:normal;font-weight:400;font-display:swap;src:url(data:font/woff2;base64,${data}) format('woff2')}`;
}
