// pieces() cuts a call's items to what the server takes, counted in bytes: a piece of
// Japanese or Russian text is three or two times its length in UTF-16 units.
import { describe, expect, it } from 'vitest';
import { pieces } from './function-caller.ts';

/** server/rest/body.ts: the request body the server takes, in bytes. */
const BODY_LIMIT_BYTES = 8 * 1024;

describe('pieces', () => {
  it('keeps every call within the body limit in bytes, in any language, and loses nothing', () => {
    const details = ['宛先のメールボックスは存在しません。', 'Почтовый ящик не существует. ', 'x'];
    const items = Array.from({ length: 120 }, (_, i) => ({
      report: 'f'.repeat(64),
      detail: details[i % 3].repeat(300 / details[i % 3].length),
    }));
    const all = pieces(items);
    expect(all.flat()).toEqual(items);
    expect(all.length).toBeGreaterThan(1);
    for (const piece of all)
      expect(Buffer.byteLength(JSON.stringify({ p_reports: piece }))).toBeLessThanOrEqual(
        BODY_LIMIT_BYTES,
      );
  });
});
