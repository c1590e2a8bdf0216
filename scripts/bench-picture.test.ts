import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { COLORS } from '../cli/report/look.ts';
import { BENCH } from '../test-support/picture-figures.ts';
import { benchPictureHtml } from './bench-picture.ts';

const figures = BENCH;
const { document } = parseHTML(benchPictureHtml(figures));
const fillOf = (id: string, title: string) =>
  [...document.querySelectorAll(`#${id} .wide svg title`)]
    .find((t) => t.textContent === title)
    ?.parentElement?.getAttribute('fill');

describe('the benchmark as a picture', () => {
  it('draws each sign-up run against the raw insert rate, budgeted where the budget applies', () => {
    expect(
      fillOf('signups', 'PGlite, 50 conn.: 3,479 sign-ups/s, 105% of 3,300 raw inserts/s'),
    ).toBe(COLORS.accent);
    expect(
      fillOf('signups', 'PGlite, 200 conn.: 1,500 sign-ups/s, 45% of 3,300 raw inserts/s'),
    ).toBe(COLORS.amber);
    // PostgreSQL has no share budget: drawn for comparison.
    expect(
      fillOf('signups', 'PostgreSQL, 50 conn.: 900 sign-ups/s, 45% of 2,000 raw inserts/s'),
    ).toBe(COLORS.muted);
    // p99 is budgeted at 50 connections only.
    expect(fillOf('latency', 'PGlite, 200 conn.: p99 130 ms, p50 80 ms')).toBe(COLORS.muted);
    expect(fillOf('latency', 'PGlite, 50 conn.: p99 35 ms, p50 12 ms')).toBe(COLORS.accent);
  });

  it('draws the soak and the announcement, the median round and the sender’s memory against theirs', () => {
    expect(fillOf('soak', 'after the soak: 133 MB')).toBe(COLORS.accent);
    expect(document.querySelector('#soak figcaption')?.textContent).toContain(
      '100,000 hostile requests in 60 s',
    );
    expect(fillOf('announce', 'round 3: 1,195 messages/s against the bare pool’s 1,390: 86%')).toBe(
      COLORS.accent,
    );
    expect(fillOf('announce', 'round 2: 1,050 messages/s against the bare pool’s 1,380: 76%')).toBe(
      COLORS.muted,
    );
    expect(fillOf('announce-memory', 'round 3: 212 MB, 20,000 messages at 1195.0/s')).toBe(
      COLORS.amber,
    );
    expect(fillOf('announce-memory', 'own database: 410 MB, 5,000 messages at 900.0/s')).toBe(
      COLORS.muted,
    );
  });

  it('says at the top what was missed, with the headline figures', () => {
    const stats = [...document.querySelectorAll('.stats li')].map((li) => li.textContent);
    expect(stats).toEqual([
      '2budgets missed',
      '3,479sign-ups a second (50 connections)',
      '+13 MBserver memory after the hostile soak',
      '86%of a bare mail pool, announcing',
      '20.2/sannouncing, paced to 20 a second',
    ]);
    expect([...document.querySelectorAll('.notes li')].map((li) => li.textContent)).toEqual(
      figures.misses.map((m) => `Missed: ${m}`),
    );
    for (const svg of document.querySelectorAll('svg'))
      expect(svg.getAttribute('role')).toBe('img');
  });
});
