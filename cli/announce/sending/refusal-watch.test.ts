// When the run gives up on a provider that refuses the sender: a few in a row, or most of a
// recent window, from different people at different domains; never for a refusal here and
// there, nor for one person's addresses however many.
import { describe, expect, it } from 'vitest';
import {
  DOMAINS,
  REFUSED_IN_A_ROW,
  REFUSED_IN_WINDOW,
  refusalWatch,
  WINDOW,
} from './refusal-watch.ts';

/** The i-th person on a list spread over four domains. */
const person = (i: number) => `person${i}@domain${i % 4}.example`;

/** The answer at which the watch says stop (1-based), or null. `null` is an accepted message. */
function stopsAt(answers: (string | null)[]): number | null {
  const watch = refusalWatch();
  const at = answers.findIndex((refused) => watch.note(refused));
  return at < 0 ? null : at + 1;
}

/** Each person refused (true) or accepted (false), in order. */
const answers = (refused: boolean[]) => refused.map((r, i) => (r ? person(i) : null));

describe('the refusal watch', () => {
  it('stops at the fifth refusal in a row', () => {
    expect(REFUSED_IN_A_ROW).toBe(5);
    expect(stopsAt(answers(Array(30).fill(true)))).toBe(REFUSED_IN_A_ROW);
    expect(stopsAt(answers([false, false, ...Array(10).fill(true)]))).toBe(2 + REFUSED_IN_A_ROW);
  });

  it('stops when most of the recent answers are refusals, even with some accepted between', () => {
    // Refused, refused, refused, accepted, again and again: never five in a row.
    const mostly = Array.from({ length: 40 }, (_, i) => i % 4 !== 3);
    const at = stopsAt(answers(mostly));
    expect(at).not.toBeNull();
    const window = mostly.slice(0, at ?? 0).slice(-WINDOW);
    expect(window.filter(Boolean).length).toBe(REFUSED_IN_WINDOW);
  });

  it('goes on through scattered refusals (one domain with a policy against the sender)', () => {
    const scattered = Array.from({ length: 1000 }, (_, i) => i % 3 === 0 && i % 2 === 0);
    expect(stopsAt(answers(scattered))).toBeNull();
    expect(stopsAt(answers([...Array(4).fill(true), false, ...Array(4).fill(true)]))).toBeNull();
  });

  it('never stops for one address, however often it is refused', () => {
    expect(stopsAt(Array(100).fill('stranger@example.org'))).toBeNull();
    expect(
      stopsAt(Array(100).fill(['Stranger@Example.org', 'stranger@example.org']).flat()),
    ).toBeNull();
  });

  it(`needs refusals at ${DOMAINS} domains: addresses at one domain never stop a run`, () => {
    const oneDomain = Array.from({ length: 100 }, (_, i) => `s${i}@stranger.example`);
    expect(stopsAt(oneDomain)).toBeNull();
    const twoDomains = Array.from({ length: 100 }, (_, i) => `s${i}@stranger${i % 2}.example`);
    expect(stopsAt(twoDomains)).toBe(REFUSED_IN_A_ROW);
  });
});
