import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { COLORS } from '../cli/report/look.ts';
import { auditPictureHtml } from './audit-picture.ts';
import { budgetMisses } from './audit-report.ts';
import type { RouteFigures } from './audit-route.ts';
import {
  AUDIT,
  auditRun as run,
  routeFigures as figures,
} from '../test-support/picture-figures.ts';

const { floor, home, about } = AUDIT;

function render(rows: RouteFigures[]) {
  const misses = rows.flatMap((row) => budgetMisses(row, floor));
  const html = auditPictureHtml(rows, floor, { madeAt: 'now', how: 'as the test says', misses });
  return { html, misses, document: parseHTML(html).document };
}

/** The hover titles of one drawing of a chart. */
const titles = (document: Document, id: string) =>
  [...document.querySelectorAll(`#${id} .wide svg title`)].map((t) => t.textContent);
/** The fill of the mark whose title is `title`, in the laptop's drawing of chart `id`. */
const fillOf = (document: Document, id: string, title: string) =>
  [...document.querySelectorAll(`#${id} .wide svg title`)]
    .find((t) => t.textContent === title)
    ?.parentElement?.getAttribute('fill');

describe('the audit as a picture', () => {
  it('is one page that fetches nothing, each chart named as a whole and drawn for both widths', () => {
    const { html, document } = render([home]);
    expect(
      document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content'),
    ).toBe("default-src 'none'; style-src 'unsafe-inline'; font-src data:; img-src data:");
    expect(html).not.toMatch(/(src|href)="https?:/);
    for (const id of ['lcp', 'tbt', 'html', 'weight']) {
      for (const size of ['wide', 'narrow']) {
        const svg = document.querySelector(`#${id} .${size} svg`);
        expect(svg?.getAttribute('role'), `${id} ${size}`).toBe('img');
        expect(svg?.getAttribute('aria-label')).toBeTruthy();
      }
    }
  });

  it('draws every run against the floor, and marks the ones over their budget', () => {
    const { document } = render([home, about]);
    const lcp = titles(document, 'lcp');
    expect(lcp).toContain('/, run 2: 752 ms, 1.00× the floor’s median');
    expect(lcp).toContain('/about/, run 3: 1010 ms, 1.35× the floor’s median');
    expect(lcp).toContain('floor, run 3: 640 ms, 0.85× the floor’s median');
    expect(fillOf(document, 'lcp', '/, run 1: 751 ms, 1.00× the floor’s median')).toBe(
      COLORS.accent,
    );
    expect(fillOf(document, 'lcp', '/about/, run 1: 950 ms, 1.27× the floor’s median')).toBe(
      COLORS.amber,
    );
    // The floor is the yardstick, with no budget of its own: drawn for comparison.
    expect(fillOf(document, 'lcp', 'floor, run 3: 640 ms, 0.85× the floor’s median')).toBe(
      COLORS.muted,
    );
    expect(fillOf(document, 'tbt', 'floor, run 3: 16 ms Lighthouse’s TBT')).toBe(COLORS.muted);

    const tbt = titles(document, 'tbt');
    expect(tbt).toContain('/, run 2: 20 ms Lighthouse’s TBT');
    expect(tbt).toContain('/, run 2: 0 ms from the page’s own CPU time');
    expect(fillOf(document, 'tbt', '/, run 2: 20 ms Lighthouse’s TBT')).toBe(COLORS.amber);
    expect(fillOf(document, 'tbt', '/, run 1: 0 ms Lighthouse’s TBT')).toBe(COLORS.accent);

    expect(titles(document, 'html')).toEqual(['/: 13,794 B', '/about/: 15,000 B', 'floor: 863 B']);
    expect(fillOf(document, 'html', '/about/: 15,000 B')).toBe(COLORS.amber);
  });

  it('judges the largest paint by the median, as the budget does: one slow run is not a miss', () => {
    const speakers = figures('/speakers/', [run(760), run(1000), run(770)], 9_957);
    const { document, misses } = render([speakers]);
    expect(misses).toEqual([]);
    expect(fillOf(document, 'lcp', '/speakers/, run 2: 1000 ms, 1.33× the floor’s median')).toBe(
      COLORS.accent,
    );
  });

  it('says at the top how many budgets were missed, and which', () => {
    const { document, misses } = render([home, about]);
    expect(misses).toEqual([
      '/: TBT 20 ms in a run > 10',
      "/about/: LCP 1.32x the floor's > 1.25x",
      '/about/: HTML 15000 bytes sent > 14600',
    ]);
    const stats = [...document.querySelectorAll('.stats li')].map((li) => li.textContent);
    expect(stats[0]).toBe('3budgets missed');
    expect(stats).toContain('1.32×slowest largest paint, against the floor');
    expect(stats).toContain('20 msmost blocking in one run');
    expect([...document.querySelectorAll('.notes li')].map((li) => li.textContent)).toEqual(
      misses.map((m) => `Missed: ${m}`),
    );
  });

  it('with every budget met, says so and shows no list of misses', () => {
    const quiet = figures('/', [run(751), run(752), run(749)], 13_794);
    const { document, misses } = render([quiet]);
    expect(misses).toEqual([]);
    expect(document.querySelector('.stats li')?.textContent).toBe('All metbudgets');
    expect(document.querySelector('.notes')).toBeNull();
  });

  it('keeps the numbers beside each chart as tables', () => {
    const { document } = render([home]);
    const cells = (id: string) =>
      [...document.querySelectorAll(`#${id} tbody tr`)].map((tr) =>
        [...tr.children].map((c) => c.textContent),
      );
    expect(cells('lcp')).toEqual([
      ['/', '751 ms', '752 ms', '749 ms', '751 ms', '1.00'],
      ['floor', '750 ms', '755 ms', '640 ms', '750 ms', '1.00'],
    ]);
    expect(cells('tbt')[0]).toEqual(['/', '0 ms', '20 ms', '18 ms', '20 ms']);
    expect(cells('scores')).toEqual([['/', '100', '100', '100', '100']]);
  });
});
