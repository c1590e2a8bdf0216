// The audit as a picture: one offline HTML page (cli/report/page.ts, the subscribers report's
// look) with each route's runs drawn against its budgets, so that whoever changes the copy next
// year sees at a glance which page moved and by how much. Written by `npm run audit`.
import * as Plot from '@observablehq/plot';
import { both, type Chart } from '../cli/report/charts.ts';
import { COLORS } from '../cli/report/look.ts';
import { chart, figure, legend, pageHtml, table } from '../cli/report/page.ts';
import { html } from '../server/html.ts';
import { SITE_BUDGET } from '../test-support/budgets.ts';
import { kb } from '../test-support/table.ts';
import { floorRatio, over } from './audit-report.ts';
import type { RouteFigures, RunFigures } from './audit-route.ts';
import {
  barsAgainstBudget,
  budgetRule,
  budgetsTile,
  fillOf,
  KINDS,
  rowFrame,
  type Mark,
} from './picture-marks.ts';

export const DEFAULT_AUDIT_PICTURE = 'audit-report.html';

export interface AuditInfo {
  madeAt: string;
  /** What was measured and how, in a few words (load average, Chromium, runs). */
  how: string;
  misses: string[];
}

const ms = (x: number) => `${Math.round(x)} ms`;
const msTick = (x: number) => `${x.toLocaleString('en-US')} ms`;

/** One dot a run, in its route's row. */
function dots(points: Mark[], extra: Plot.DotOptions = {}) {
  return Plot.dot(points, {
    x: 'value',
    y: 'label',
    r: 5.5,
    fill: fillOf,
    stroke: COLORS.ink,
    strokeWidth: 1,
    title: 'title',
    ...extra,
  });
}

function lcpChart(targets: RouteFigures[], floor: RouteFigures): Chart {
  const limit = Math.min(SITE_BUDGET.lcpMs, SITE_BUDGET.lcpFloorRatio * floor.lcpMs);
  const points = targets.flatMap((t) =>
    t.runs.map((r, i) => ({
      label: t.route,
      value: r.lcpMs,
      // The budget is on the median: a route's runs share its verdict.
      over: t === floor ? null : over.lcp(t) || over.lcpRatio(t, floor),
      title: `${t.route}, run ${i + 1}: ${ms(r.lcpMs)}, ${(r.lcpMs / floor.lcpMs).toFixed(2)}× the floor’s median`,
    })),
  );
  const top = Math.max(SITE_BUDGET.lcpMs, ...points.map((p) => p.value)) * 1.05;
  // A dot plot needs no zero: start a little below the fastest run, so the runs spread out.
  const bottom = Math.floor((Math.min(...points.map((p) => p.value)) * 0.8) / 100) * 100;
  const labels = targets.map((t) => t.route);
  return both('Largest paint of each run, as dots, against its budgets', (size) => ({
    ...rowFrame(labels, size),
    x: {
      domain: [bottom, top],
      grid: true,
      label: null,
      ticks: size === 'narrow' ? 3 : 6,
      tickFormat: msTick,
    },
    marks: [
      ...budgetRule(limit, `${SITE_BUDGET.lcpFloorRatio}× floor`),
      ...budgetRule(SITE_BUDGET.lcpMs, `${SITE_BUDGET.lcpMs / 1000} s`, COLORS.muted),
      Plot.tickX(targets, { x: 'lcpMs', y: 'route', stroke: COLORS.paper, strokeWidth: 2 }),
      dots(points),
    ],
  }));
}

function tbtChart(targets: RouteFigures[], floor: RouteFigures): Chart {
  const limit = SITE_BUDGET.tbtMs;
  const runs = (kind: string, pick: (r: RunFigures) => number) =>
    targets.flatMap((t) =>
      t.runs.map((r, i) => ({
        label: t.route,
        value: pick(r),
        over: t === floor ? null : over.tbt(pick(r)),
        title: `${t.route}, run ${i + 1}: ${ms(pick(r))} ${kind}`,
      })),
    );
  const lighthouse = runs('Lighthouse’s TBT', (r) => r.tbtMs);
  const own = runs('from the page’s own CPU time', (r) => r.ownTbtMs);
  const top = Math.max(limit * 2, ...[...lighthouse, ...own].map((p) => p.value)) * 1.1;
  const labels = targets.map((t) => t.route);
  return both(
    'Blocking time of each run, Lighthouse’s as circles and the page’s own as squares, against the budget',
    (size) => ({
      ...rowFrame(labels, size),
      x: {
        domain: [0, top],
        grid: true,
        label: null,
        ticks: size === 'narrow' ? 4 : 8,
        tickFormat: msTick,
      },
      marks: [
        ...budgetRule(limit, `${limit} ms`),
        dots(lighthouse, { dy: -7 }),
        dots(own, { dy: 7, symbol: 'square', r: 4.5 }),
      ],
    }),
  );
}

/** One bar a route, each judged by `overOf` (null: no budget there, as for the floor). */
function routeBars(
  label: string,
  targets: RouteFigures[],
  value: (t: RouteFigures) => number,
  format: (x: number) => string,
  budget: { at: number; label: string },
  overOf: (t: RouteFigures) => boolean | null,
  tickFormat?: (x: number) => string,
): Chart {
  const marks = targets.map((t) => ({
    label: t.route,
    value: value(t),
    over: overOf(t),
    title: `${t.route}: ${format(value(t))}`,
  }));
  return barsAgainstBudget(label, marks, format, budget, tickFormat);
}

const bytes = (x: number) => `${Math.round(x).toLocaleString('en-US')} B`;

export function auditPictureHtml(
  rows: RouteFigures[],
  floor: RouteFigures,
  info: AuditInfo,
): string {
  const targets = [...rows, floor];
  const worstRatio = Math.max(...rows.map((r) => floorRatio(r, floor)));
  const worstTbt = Math.max(...rows.map((r) => r.tbtMaxMs));
  const largestHtml = Math.max(...rows.map((r) => r.htmlBytes));
  const lowestScore = Math.min(
    ...rows.flatMap((r) => [r.performance, r.accessibility, r.bestPractices, r.seo]),
  );
  const runsTable = (pick: (r: RouteFigures['runs'][number]) => number) =>
    targets.map((t) => [
      t.route,
      ...t.runs.map((r) => ms(pick(r))),
      ms(Math.max(...t.runs.map(pick))),
    ]);
  const runNames = floor.runs.map((_, i) => `Run ${i + 1}`);
  const sections = [
    figure(
      'lcp',
      'Largest paint',
      `Each run of each route (a dot) and its median (a white tick), which the budget is on: at most ${SITE_BUDGET.lcpFloorRatio} times the floor’s median (a page of one heading and a paragraph, measured in the same rounds) and at most ${SITE_BUDGET.lcpMs / 1000} s.`,
      legend(KINDS),
      chart(lcpChart(targets, floor)),
      table(
        'The numbers, run by run',
        ['Route', ...runNames, 'Median', '× floor'],
        targets.map((t) => [
          t.route,
          ...t.runs.map((r) => ms(r.lcpMs)),
          ms(t.lcpMs),
          floorRatio(t, floor).toFixed(2),
        ]),
      ),
    ),
    figure(
      'tbt',
      'Blocking time',
      `Lighthouse’s total blocking time in each run (circles) and the same sum from the page’s own CPU time (squares); the budget is ${SITE_BUDGET.tbtMs} ms in every run.`,
      legend(KINDS),
      chart(tbtChart(targets, floor)),
      table(
        'Lighthouse’s, run by run',
        ['Route', ...runNames, 'Worst'],
        runsTable((r) => r.tbtMs),
      ),
      table(
        'From the page’s own CPU time, run by run',
        ['Route', ...runNames, 'Worst'],
        runsTable((r) => r.ownTbtMs),
      ),
    ),
    figure(
      'html',
      'The page’s HTML as sent',
      `Compressed, headers included. Up to ${bytes(SITE_BUDGET.htmlBytes)} arrive in the first round trip of a new connection; one byte more costs a whole round trip on a slow phone network.`,
      legend(KINDS),
      chart(
        routeBars(
          'Each page’s HTML as sent, as bars, against the first round trip',
          targets,
          (t) => t.htmlBytes,
          bytes,
          { at: SITE_BUDGET.htmlBytes, label: 'one round trip' },
          (t) => (t === floor ? null : over.html(t)),
        ),
      ),
      table(
        'The numbers',
        ['Route', 'HTML as sent'],
        targets.map((t) => [t.route, bytes(t.htmlBytes)]),
      ),
    ),
    figure(
      'weight',
      'What a first visit transfers',
      `Everything a first visit downloads before the visitor scrolls, as Lighthouse counts it. The home page’s budget is ${kb(SITE_BUDGET.homeTotalBytes)}.`,
      legend(KINDS),
      chart(
        routeBars(
          'What a first visit to each page transfers, as bars',
          targets,
          (t) => t.totalBytes / 1024,
          (x) => `${x.toFixed(1)} KB`,
          { at: SITE_BUDGET.homeTotalBytes / 1024, label: 'budget of /' },
          (t) => (t.route === '/' ? over.weight(t) : null),
          (x) => `${x} KB`,
        ),
      ),
      table(
        'The numbers',
        ['Route', 'Transferred', 'JavaScript (gzip -9)', 'CSS files (gzip -9)'],
        targets.map((t) => [t.route, kb(t.totalBytes), kb(t.jsGzipBytes), kb(t.cssGzipBytes)]),
      ),
    ),
    figure(
      'scores',
      'Lighthouse’s scores',
      'The median of the runs, out of 100. Budget: performance at least 98, the others 100.',
      table(
        'The scores',
        ['Route', 'Performance', 'Accessibility', 'Best practices', 'SEO'],
        rows.map((r) => [r.route, r.performance, r.accessibility, r.bestPractices, r.seo]),
        true,
      ),
    ),
  ];
  return pageHtml({
    title: 'The site’s speed and weight: npm run audit',
    kicker: 'npm run audit',
    heading: 'Speed and weight',
    meta: `Made ${info.madeAt}. ${info.how}`,
    stats: [
      budgetsTile(info.misses, 'All met'),
      [`${worstRatio.toFixed(2)}×`, 'slowest largest paint, against the floor'],
      [ms(worstTbt), 'most blocking in one run'],
      [bytes(largestHtml), 'largest HTML as sent'],
      [lowestScore, 'lowest Lighthouse score'],
    ],
    notes: info.misses.map((miss) => `Missed: ${miss}`),
    sections,
    footer: html`Made by <code>npm run audit</code>. How each figure is measured, and what was measured before: <code>docs/performance.md</code>.`,
  });
}
