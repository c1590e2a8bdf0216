import { describe, expect, it } from 'vitest';
import { theme } from '../platform/theme.ts';
import { PAGE_COLORS } from './link-page.ts';
import { confirmPage } from './unsubscribe-page.ts';

describe('the pages a link in our mail opens', () => {
  it('use the Tailwind theme’s colours, and only those', () => {
    for (const [name, value] of Object.entries(PAGE_COLORS)) expect(value, name).toBe(theme(name));
    const used = new Set(
      confirmPage('00000000-0000-0000-0000-000000000000').match(/#[0-9a-f]{3,8}\b/gi),
    );
    expect([...used].every((hex) => Object.values(PAGE_COLORS).includes(hex as never))).toBe(true);
  });
});
