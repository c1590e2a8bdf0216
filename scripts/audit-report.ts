// The audit's budgets (test-support/budgets.ts, as docs/performance.md states them) and its table.
import { SITE_BUDGET } from '../test-support/budgets.ts';
import { kb, markdownTable } from '../test-support/table.ts';
import type { RouteFigures } from './audit-route.ts';

/** LCP as a multiple of the floor's (both medians of the same run). */
export const floorRatio = (figures: RouteFigures, floor: RouteFigures) =>
  figures.lcpMs / floor.lcpMs;

/** Each timing and weight budget a route can miss: the list of misses and the picture both ask here. */
export const over = {
  lcp: (figures: RouteFigures) => !(figures.lcpMs <= SITE_BUDGET.lcpMs),
  lcpRatio: (figures: RouteFigures, floor: RouteFigures) =>
    !(floorRatio(figures, floor) <= SITE_BUDGET.lcpFloorRatio),
  /** One run's blocking time (the budget holds in every run). */
  tbt: (ms: number) => !(ms <= SITE_BUDGET.tbtMs),
  html: (figures: RouteFigures) => !(figures.htmlBytes <= SITE_BUDGET.htmlBytes),
  /** The first visit's weight: a budget of `/` alone. */
  weight: (figures: RouteFigures) => figures.totalBytes > SITE_BUDGET.homeTotalBytes,
};

export function budgetMisses(figures: RouteFigures, floor: RouteFigures): string[] {
  const misses: string[] = [];
  const at = figures.route;
  if (figures.performance < SITE_BUDGET.performance)
    misses.push(`${at}: performance ${figures.performance} < ${SITE_BUDGET.performance}`);
  for (const [name, value] of [
    ['accessibility', figures.accessibility],
    ['best practices', figures.bestPractices],
    ['SEO', figures.seo],
  ] as const) {
    if (value < SITE_BUDGET.otherCategories)
      misses.push(`${at}: ${name} ${value} < ${SITE_BUDGET.otherCategories}`);
  }
  // `!(x <= budget)` so that a missing (NaN) figure is a miss, never a silent pass.
  if (over.lcp(figures))
    misses.push(`${at}: LCP ${Math.round(figures.lcpMs)} ms > ${SITE_BUDGET.lcpMs}`);
  const ratio = floorRatio(figures, floor);
  if (over.lcpRatio(figures, floor))
    misses.push(`${at}: LCP ${ratio.toFixed(2)}x the floor's > ${SITE_BUDGET.lcpFloorRatio}x`);
  if (over.tbt(figures.tbtMaxMs))
    misses.push(`${at}: TBT ${Math.round(figures.tbtMaxMs)} ms in a run > ${SITE_BUDGET.tbtMs}`);
  if (over.tbt(figures.ownTbtMaxMs))
    misses.push(
      `${at}: TBT from the page's own CPU time ${Math.round(figures.ownTbtMaxMs)} ms in a run > ${SITE_BUDGET.tbtMs}`,
    );
  if (!(figures.cls <= SITE_BUDGET.cls))
    misses.push(`${at}: CLS ${figures.cls.toFixed(3)} > ${SITE_BUDGET.cls}`);
  if (over.html(figures))
    misses.push(`${at}: HTML ${figures.htmlBytes} bytes sent > ${SITE_BUDGET.htmlBytes}`);
  if (at === '/') {
    if (figures.jsGzipBytes > SITE_BUDGET.homeJsBytes)
      misses.push(`/: initial JS ${kb(figures.jsGzipBytes)} gzip > ${kb(SITE_BUDGET.homeJsBytes)}`);
    if (over.weight(figures))
      misses.push(`/: first visit ${kb(figures.totalBytes)} > ${kb(SITE_BUDGET.homeTotalBytes)}`);
  }
  if (misses.length > 0 && figures.failedAudits.length > 0)
    misses.push(`${at}: failing audits: ${figures.failedAudits.join(', ')}`);
  return misses;
}

/** One row per route and a last one for the floor. */
export function figuresTable(rows: RouteFigures[], floor: RouteFigures): string {
  const header = [
    'route',
    'perf',
    'a11y',
    'b.p.',
    'seo',
    'LCP',
    'x floor',
    'TBT',
    'TBT max',
    'own TBT max',
    'CLS',
    'HTML',
    'JS gz',
    'CSS gz',
    'total',
  ];
  return markdownTable(
    header,
    [...rows, floor].map((row) => [
      row.route,
      String(row.performance),
      String(row.accessibility),
      String(row.bestPractices),
      String(row.seo),
      `${Math.round(row.lcpMs)} ms`,
      `${floorRatio(row, floor).toFixed(2)}`,
      `${Math.round(row.tbtMs)} ms`,
      `${Math.round(row.tbtMaxMs)} ms`,
      `${Math.round(row.ownTbtMaxMs)} ms`,
      row.cls.toFixed(3),
      `${row.htmlBytes} B`,
      kb(row.jsGzipBytes),
      kb(row.cssGzipBytes),
      kb(row.totalBytes),
    ]),
  );
}
