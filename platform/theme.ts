// The site's colours and fonts for what is drawn outside the site's CSS (the share image, the
// launch mail, the report): the colours read from the one definition, the Tailwind theme in
// src/styles/global.css.
import { readFileSync } from 'node:fs';
import { parseThemeColors, themeColor } from '../common/theme-colors.ts';

const colors = parseThemeColors(
  readFileSync(new URL('../src/styles/global.css', import.meta.url), 'utf8'),
);

/** `--color-<name>` from the theme; a missing one stops the tool rather than drawing a blank. */
export const theme = (name: string): string => themeColor(colors, name);

/** The colours the mail, the report and the share image draw with. Red as text on the dark
 * ground is accent (5.9:1); under white text, action (5:1); brand for the logo and rules only. */
export const THEME = {
  ink: theme('ink'),
  surface: theme('surface'),
  line: theme('line'),
  paper: theme('paper'),
  muted: theme('muted'),
  brand: theme('brand'),
  accent: theme('accent'),
  action: theme('action'),
};

/** A font file of the installed packages as a data: URL, for a page that loads nothing else. */
export const fontDataUrl = (path: string) =>
  `data:font/woff2;base64,${readFileSync(new URL(`../node_modules/${path}`, import.meta.url)).toString('base64')}`;
