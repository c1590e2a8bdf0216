import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { THEME_COLOR } from '../src/lib/seo';
import { parseThemeColors, themeColor } from './theme-colors';

describe('parseThemeColors', () => {
  it("reads the hex colours of the stylesheet's @theme", () => {
    const css = `a { color: #123; }\n@theme {\n  --font-sans: x;\n  --color-ink: #0A0A0A;\n  /* c */ --color-action-hover: #b8231a;\n}`;
    expect(parseThemeColors(css)).toEqual({ ink: '#0a0a0a', 'action-hover': '#b8231a' });
  });

  it('names a colour that is missing', () => {
    expect(() => themeColor({}, 'brand')).toThrow(/--color-brand/);
  });

  it("gives the site's theme colour from the same stylesheet", () => {
    const css = readFileSync(new URL('../src/styles/global.css', import.meta.url), 'utf8');
    const colors = parseThemeColors(css);
    expect(Object.keys(colors)).toEqual(
      expect.arrayContaining(['ink', 'paper', 'brand', 'accent']),
    );
    expect(THEME_COLOR).toBe(colors.ink);
  });
});
