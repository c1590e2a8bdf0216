// The audit's budgets (test-support/budgets.ts, as docs/performance.md states them) and its table.
import { SITE_BUDGET } from '../test-support/budgets.ts';
import { kb, markdownTable } from '../test-support/table.ts';
import type { RouteFigures } from './audit-route.ts';

/** LCP as a multiple of the floor's (both medians of the same run). */
export const floorRatio = (figures: RouteFigures, floor: RouteFigures) =>
  figures.lcpMs / floor.lcpMs;

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
  if (!(figures.lcpMs <= SITE_BUDGET.lcpMs))
    misses.push(`${at}: LCP ${Math.round(figures.lcpMs)} ms > ${SITE_BUDGET.lcpMs}`);
  const ratio = floorRatio(figures, floor);
  if (!(ratio <= SITE_BUDGET.lcpFloorRatio))
    misses.push(`${at}: LCP ${ratio.toFixed(2)}x the floor's > ${SITE_BUDGET.lcpFloorRatio}x`);
  if (!(figures.tbtMaxMs <= SITE_BUDGET.tbtMs))
    misses.push(`${at}: TBT ${Math.round(figures.tbtMaxMs)} ms in a run > ${SITE_BUDGET.tbtMs}`);
  if (!(figures.ownTbtMaxMs <= SITE_BUDGET.tbtMs))
    misses.push(
      `${at}: TBT from the page's own CPU time ${Math.round(figures.ownTbtMaxMs)} ms in a run > ${SITE_BUDGET.tbtMs}`,
    );
  if (!(figures.cls <= SITE_BUDGET.cls))
    misses.push(`${at}: CLS ${figures.cls.toFixed(3)} > ${SITE_BUDGET.cls}`);
  if (!(figures.htmlBytes <= SITE_BUDGET.htmlBytes))
    misses.push(`${at}: HTML ${figures.htmlBytes} bytes sent > ${SITE_BUDGET.htmlBytes}`);
  if (at === '/') {
    if (figures.jsGzipBytes > SITE_BUDGET.homeJsBytes)
      misses.push(`/: initial JS ${kb(figures.jsGzipBytes)} gzip > ${kb(SITE_BUDGET.homeJsBytes)}`);
    if (figures.totalBytes > SITE_BUDGET.homeTotalBytes)
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
