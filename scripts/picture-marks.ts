// What the audit's and the benchmark's pictures draw alike: a figure within its budget in the
// site's red, one over it in amber, one with no budget (drawn for comparison) in grey; a budget
// as a dashed line named at its top; and horizontal bars, one a row, with the figure written on
// each.
import * as Plot from '@observablehq/plot';
import { both, type Chart, type Size } from '../cli/report/charts.ts';
import { COLORS } from '../cli/report/look.ts';

export const KINDS = [
  { label: 'within its budget', color: COLORS.accent },
  { label: 'over its budget', color: COLORS.amber },
  { label: 'no budget (for comparison)', color: COLORS.muted },
];

export interface Mark {
  /** The row it is drawn in. */
  label: string;
  value: number;
  /** true: over its budget; false: within it; null: no budget. */
  over: boolean | null;
  /** What a pointer over it shows: the figure in words. */
  title: string;
}

export const fillOf = (m: Mark) =>
  m.over === null ? COLORS.muted : m.over ? COLORS.amber : COLORS.accent;

/** A budget as a dashed line across the chart, its name above it. */
export function budgetRule(x: number, label: string, color: string = COLORS.brand) {
  return [
    Plot.ruleX([x], { stroke: color, strokeWidth: 2, strokeDasharray: '6,4' }),
    Plot.text([label], {
      x: () => x,
      frameAnchor: 'top',
      dy: -16,
      fill: color,
      fontWeight: 700,
      textAnchor: 'middle',
    }),
  ];
}

/** Room for the row names: a few pixels a character, within limits. */
export function rowNames(labels: string[], size: Size) {
  const longest = Math.max(...labels.map((l) => l.length));
  return Math.min(16 + longest * (size === 'narrow' ? 6.2 : 7.2), size === 'narrow' ? 130 : 260);
}

/** The plot's frame for one row a mark: rows top to bottom, room above for budget names. */
export function rowFrame(labels: string[], size: Size) {
  return {
    height: 64 + 42 * labels.length,
    marginTop: 34,
    marginRight: 16,
    marginLeft: rowNames(labels, size),
    y: { label: null, domain: labels, tickSize: 0, padding: 0.3 },
  };
}

/** Horizontal bars against a budget, the figure inside a long bar and beside a short one. */
export function barsAgainstBudget(
  label: string,
  marks: Mark[],
  format: (x: number) => string,
  budget: { at: number; label: string } | null,
  tickFormat: (x: number) => string = format,
): Chart {
  const top = Math.max(budget?.at ?? 0, ...marks.map((m) => m.value)) * 1.15;
  const labels = marks.map((m) => m.label);
  return both(label, (size) => ({
    ...rowFrame(labels, size),
    x: { domain: [0, top], grid: true, label: null, ticks: size === 'narrow' ? 3 : 6, tickFormat },
    marks: [
      // The budget line first: it shows between the bars, and no figure is written over by it.
      ...(budget ? budgetRule(budget.at, budget.label) : []),
      Plot.barX(marks, { x: 'value', y: 'label', fill: fillOf, title: 'title' }),
      ...[true, false].map((inside) =>
        Plot.text(
          marks.filter((m) => m.value > top * 0.3 === inside),
          {
            x: 'value',
            y: 'label',
            text: (m: Mark) => format(m.value),
            dx: inside ? -6 : 6,
            textAnchor: inside ? 'end' : 'start',
            fill: inside ? COLORS.ink : COLORS.paper,
            fontWeight: 700,
          },
        ),
      ),
    ],
  }));
}

/** The first tile of a picture: every budget met, or how many were missed. */
export const budgetsTile = (misses: string[], allMet: string): [string | number, string] =>
  misses.length === 0
    ? [allMet, 'budgets']
    : [misses.length, misses.length === 1 ? 'budget missed' : 'budgets missed'];

/** `--out FILE`, else `fallback`; `--out` with no file after it stops the command with one line. */
export function pictureFile(argv: string[], command: string, fallback: string): string {
  const at = argv.indexOf('--out');
  if (at === -1) return fallback;
  const file = argv[at + 1];
  if (!file || file.startsWith('--')) {
    console.error(`${command}: --out needs a file name, e.g. --out ${fallback}`);
    process.exit(2);
  }
  return file;
}
