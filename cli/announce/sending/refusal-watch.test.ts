// When the run gives up on a provider that refuses the sender: a few in a row, or most of a
// recent window; never for a refusal here and there.
import { describe, expect, it } from 'vitest';
import { REFUSED_IN_A_ROW, REFUSED_IN_WINDOW, refusalWatch, WINDOW } from './refusal-watch.ts';

/** The answer at which the watch says stop (1-based), or null. */
function stopsAt(answers: boolean[]): number | null {
  const watch = refusalWatch();
  const at = answers.findIndex((refused) => watch.note(refused));
  return at < 0 ? null : at + 1;
}

describe('the refusal watch', () => {
  it('stops at the fifth refusal in a row', () => {
    expect(REFUSED_IN_A_ROW).toBe(5);
    expect(stopsAt(Array(30).fill(true))).toBe(REFUSED_IN_A_ROW);
    expect(stopsAt([false, false, ...Array(10).fill(true)])).toBe(2 + REFUSED_IN_A_ROW);
  });

  it('stops when most of the recent answers are refusals, even with some accepted between', () => {
    // Refused, refused, refused, accepted, again and again: never five in a row.
    const mostly = Array.from({ length: 40 }, (_, i) => i % 4 !== 3);
    const at = stopsAt(mostly);
    expect(at).not.toBeNull();
    const window = mostly.slice(0, at ?? 0).slice(-WINDOW);
    expect(window.filter(Boolean).length).toBe(REFUSED_IN_WINDOW);
  });

  it('goes on through scattered refusals (one domain with a policy against the sender)', () => {
    const scattered = Array.from({ length: 1000 }, (_, i) => i % 3 === 0 && i % 2 === 0);
    expect(stopsAt(scattered)).toBeNull();
    expect(stopsAt([...Array(4).fill(true), false, ...Array(4).fill(true)])).toBeNull();
  });
});
