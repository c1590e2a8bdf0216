import { describe, expect, it } from 'vitest';
import { SITE_BUDGET } from '../test-support/budgets.ts';
import { budgetMisses, type RouteFigures } from './audit-budgets.ts';

const floor: RouteFigures = {
  perf: 100,
  a11y: 100,
  bestPractices: 100,
  seo: 100,
  lcpMs: 700,
  tbtMaxMs: 0,
  cls: 0,
  htmlBytes: 863,
  scriptBytes: 0,
  totalBytes: 863,
};
const route = { ...floor, lcpMs: 770, htmlBytes: 13_795, totalBytes: 38_800 };

describe('budgetMisses', () => {
  it('finds nothing when every figure is within its budget', () => {
    expect(budgetMisses('/', route, floor)).toEqual([]);
  });

  it('fails on the figures load cannot move: bytes, the three scores, the LCP ratio', () => {
    const worse = {
      ...route,
      a11y: 99,
      htmlBytes: SITE_BUDGET.htmlBytes + 1,
      scriptBytes: SITE_BUDGET.homeJsBytes + 1,
      lcpMs: floor.lcpMs * 1.3,
    };
    const misses = budgetMisses('/', worse, floor);
    expect(misses.map((miss) => miss.line)).toEqual([
      '/: accessibility 99, budget >= 100',
      '/: median LCP / floor 1.3, budget <= 1.25',
      `/: HTML bytes sent ${SITE_BUDGET.htmlBytes + 1}, budget <= ${SITE_BUDGET.htmlBytes}`,
      `/: script bytes sent ${SITE_BUDGET.homeJsBytes + 1}, budget <= ${SITE_BUDGET.homeJsBytes}`,
    ]);
    expect(misses.every((miss) => miss.gates)).toBe(true);
  });

  it('reports timings without failing: performance, LCP in ms, TBT, CLS', () => {
    const slow = { ...route, perf: 90, lcpMs: 2_000, tbtMaxMs: 400, cls: 0.05 };
    const misses = budgetMisses('/about/', slow, { ...floor, lcpMs: 1_900 });
    expect(misses.map((miss) => [miss.line.split(' ')[1], miss.gates])).toEqual([
      ['performance', false],
      ['LCP', false],
      ['TBT', false],
      ['CLS', false],
    ]);
  });

  it('never passes a missing figure', () => {
    const misses = budgetMisses('/speakers/', { ...route, htmlBytes: NaN, seo: NaN }, floor);
    expect(misses).toEqual([
      { gates: true, line: '/speakers/: SEO NaN, budget >= 100' },
      { gates: true, line: `/speakers/: HTML bytes sent NaN, budget <= ${SITE_BUDGET.htmlBytes}` },
    ]);
  });

  it('holds the first visit weight on / only', () => {
    const heavy = { ...route, totalBytes: SITE_BUDGET.homeTotalBytes + 1 };
    expect(budgetMisses('/about/', heavy, floor)).toEqual([]);
    expect(budgetMisses('/', heavy, floor)).toHaveLength(1);
  });
});
