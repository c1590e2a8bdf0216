// The site's colours are defined once, in the Tailwind theme (src/styles/global.css). Tools that
// need them outside CSS (the share image renderer, the theme-color meta tag) read them from there.

/** `--color-ink: #0a0a0a;` → { ink: '#0a0a0a' }, for every hex colour in the stylesheet's @theme. */
export function parseThemeColors(css: string): Record<string, string> {
  const theme = /@theme\s*\{([\s\S]*)/.exec(css)?.[1] ?? '';
  const colors: Record<string, string> = {};
  for (const [, name, value] of theme.matchAll(
    /--color-([a-z0-9-]+)\s*:\s*(#[0-9a-fA-F]{3,8})\s*;/g,
  )) {
    colors[name] = value.toLowerCase();
  }
  return colors;
}

/** One colour by name; a missing one stops the build rather than shipping a blank. */
export function themeColor(colors: Record<string, string>, name: string): string {
  const value = colors[name];
  if (!value) throw new Error(`No --color-${name} in the Tailwind theme (src/styles/global.css)`);
  return value;
}
