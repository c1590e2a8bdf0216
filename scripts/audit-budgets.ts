// The audit's budgets (test-support/budgets.ts) applied to one route's figures. Gating ones fail
// CI; the others are timings, which move with the machine's load, and are printed.
import { SITE_BUDGET as BUDGET } from '../test-support/budgets.ts';

/** One route's figures: medians of its runs, TBT at its worst, bytes as sent. */
export interface RouteFigures {
  perf: number;
  a11y: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMaxMs: number;
  cls: number;
  htmlBytes: number;
  scriptBytes: number;
  totalBytes: number;
}

/** [what, value, budget, at most (else at least), gates CI]. A NaN figure never passes. */
export function budgetMisses(route: string, f: RouteFigures, floor: RouteFigures) {
  const checks: [string, number, number, boolean, boolean][] = [
    ['accessibility', f.a11y, BUDGET.otherCategories, false, true],
    ['best practices', f.bestPractices, BUDGET.otherCategories, false, true],
    ['SEO', f.seo, BUDGET.otherCategories, false, true],
    ['median LCP / floor', f.lcpMs / floor.lcpMs, BUDGET.lcpFloorRatio, true, true],
    ['HTML bytes sent', f.htmlBytes, BUDGET.htmlBytes, true, true],
    ['performance', f.perf, BUDGET.performance, false, false],
    ['LCP ms', f.lcpMs, BUDGET.lcpMs, true, false],
    ['TBT ms (worst run)', f.tbtMaxMs, BUDGET.tbtMs, true, false],
    ['CLS', f.cls, BUDGET.cls, true, false],
  ];
  if (route === '/')
    checks.push(
      ['script bytes sent', f.scriptBytes, BUDGET.homeJsBytes, true, true],
      ['bytes sent in all', f.totalBytes, BUDGET.homeTotalBytes, true, true],
    );
  return checks
    .filter(([, value, budget, atMost]) => !(atMost ? value <= budget : value >= budget))
    .map(([what, value, budget, atMost, gates]) => ({
      gates,
      line: `${route}: ${what} ${+value.toFixed(2)}, budget ${atMost ? '<=' : '>='} ${budget}`,
    }));
}
