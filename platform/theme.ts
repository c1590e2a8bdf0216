// The site's colours for what is drawn outside the site's CSS (the share image, the launch mail):
// read from the one definition, the Tailwind theme in src/styles/global.css.
import { readFileSync } from 'node:fs';
import { parseThemeColors, themeColor } from '../common/theme-colors.ts';

const colors = parseThemeColors(
  readFileSync(new URL('../src/styles/global.css', import.meta.url), 'utf8'),
);

/** `--color-<name>` from the theme; a missing one stops the tool rather than drawing a blank. */
export const theme = (name: string): string => themeColor(colors, name);
