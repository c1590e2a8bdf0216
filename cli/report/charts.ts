// The report's charts, drawn by Observable Plot into SVG in Node: Plot takes a `document`, and
// linkedom's is enough (no browser, no jsdom). Every bar carries a <title> with its number, and
// each chart is drawn twice, for a phone and for a laptop, so its text stays readable on both.
import * as Plot from '@observablehq/plot';
import { parseHTML } from 'linkedom';
import { CAMPAIGN_STATUSES, campaignNames, shiftDay, utcDay, type ReportData } from './data.ts';
import { COLORS, FONT_SANS } from './page.ts';

export type Chart = ReturnType<typeof both>;

const WIDTHS = { narrow: 360, wide: 760 } as const;
type Size = keyof typeof WIDTHS;

const { document } = parseHTML('<!doctype html><html><body></body></html>');

/** Whole-number ticks (people, not fractions), at most about five. */
export function countTicks(max: number): number[] {
  const top = Math.max(1, max);
  const raw = top / 5;
  const magnitude = 10 ** Math.floor(Math.log10(Math.max(1, raw)));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? 1);
  const ticks: number[] = [];
  for (let t = 0; t <= top; t += step) ticks.push(t);
  if (ticks[ticks.length - 1] < top) ticks.push(ticks[ticks.length - 1] + step);
  return ticks;
}

function countAxis(max: number, label: string) {
  const ticks = countTicks(max);
  return { domain: [0, ticks[ticks.length - 1]], ticks, grid: true, label, tickFormat: 'd' };
}

function draw(size: Size, label: string, options: Plot.PlotOptions): string {
  const svg = Plot.plot({
    document,
    width: WIDTHS[size],
    height: size === 'narrow' ? 230 : 280,
    marginTop: 24,
    style: {
      background: 'transparent',
      color: COLORS.paper,
      fontFamily: FONT_SANS,
      fontSize: size === 'narrow' ? '12px' : '13px',
      overflow: 'visible',
    },
    ...options,
  }) as unknown as Element;
  // The drawing is one image named as a whole (its numbers are in the table beside it): Plot's
  // aria-labels on its groups are not allowed on a <g> without a role, so they go.
  for (const part of svg.querySelectorAll('[aria-label]')) part.removeAttribute('aria-label');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', label);
  return svg.outerHTML;
}

/** A chart drawn for a phone and for a laptop, named as a whole by `label`. */
const both = (label: string, options: (size: Size) => Plot.PlotOptions) => ({
  narrow: draw('narrow', label, options('narrow')),
  wide: draw('wide', label, options('wide')),
});

/** Every day of the report on the x axis, whether or not it has a bar. */
function dayAxis(data: ReportData, size: Size) {
  const first = data.days[0]?.day ?? data.today;
  const last = data.days.at(-1)?.day ?? data.today;
  return {
    type: 'utc' as const,
    label: null,
    domain: [utcDay(first), utcDay(shiftDay(last, 1))],
    ticks: size === 'narrow' ? 4 : 8,
    tickFormat: '%b %-d',
  };
}

export function signupsPerDay(data: ReportData): Chart {
  const max = Math.max(...data.days.map((d) => d.signups));
  return both('Sign-ups per day, as bars', (size) => ({
    x: dayAxis(data, size),
    y: countAxis(max, 'sign-ups'),
    marks: [
      Plot.rectY(data.days, {
        x: (d: ReportData['days'][number]) => utcDay(d.day),
        interval: 'day',
        y: 'signups',
        fill: COLORS.brand,
        insetLeft: 1,
        insetRight: 1,
        title: (d: ReportData['days'][number]) =>
          `${d.day}: ${d.signups} ${d.signups === 1 ? 'sign-up' : 'sign-ups'}`,
      }),
      Plot.ruleY([0], { stroke: COLORS.muted }),
    ],
  }));
}

export function cumulative(data: ReportData): Chart {
  const max = data.days.at(-1)?.cumulative ?? 0;
  const x = (d: ReportData['days'][number]) => utcDay(d.day);
  return both('People on the list over time, as a rising line', (size) => ({
    x: dayAxis(data, size),
    y: countAxis(max, 'on the list'),
    marks: [
      Plot.areaY(data.days, { x, y: 'cumulative', fill: COLORS.brand, fillOpacity: 0.25 }),
      Plot.lineY(data.days, { x, y: 'cumulative', stroke: COLORS.accent, strokeWidth: 2.5 }),
      Plot.dot(data.days, {
        x,
        y: 'cumulative',
        r: 3,
        fill: COLORS.accent,
        title: (d: ReportData['days'][number]) => `${d.day}: ${d.cumulative} in all`,
      }),
      Plot.ruleY([0], { stroke: COLORS.muted }),
    ],
  }));
}

export function bySource(data: ReportData): Chart {
  const longest = Math.max(...data.sources.map((s) => s.source.length), 4);
  const max = Math.max(...data.sources.map((s) => s.n));
  return both('Sign-ups by source, as horizontal bars', (size) => ({
    height: 44 + 30 * data.sources.length,
    marginLeft: Math.min(8 + longest * (size === 'narrow' ? 7 : 8), 160),
    marginRight: 48,
    x: { ...countAxis(max, 'sign-ups'), axis: 'top', label: null },
    y: { label: null, domain: data.sources.map((s) => s.source) },
    marks: [
      Plot.barX(data.sources, {
        y: 'source',
        x: 'n',
        fill: COLORS.brand,
        title: (d: { source: string; n: number }) => `${d.source}: ${d.n}`,
      }),
      Plot.text(data.sources, {
        y: 'source',
        x: 'n',
        text: (d: { n: number }) => String(d.n),
        dx: 6,
        textAnchor: 'start',
        fill: COLORS.paper,
      }),
    ],
  }));
}

export function byHour(data: ReportData): Chart {
  const max = Math.max(...data.hours.map((h) => h.n));
  return both(`Sign-ups by hour of the day (${data.timeZone}), as bars`, (size) => ({
    x: {
      type: 'band',
      label: null,
      ticks: size === 'narrow' ? [0, 3, 6, 9, 12, 15, 18, 21] : undefined,
      tickFormat: (h: number) => `${String(h).padStart(2, '0')}h`,
    },
    y: countAxis(max, 'sign-ups'),
    marks: [
      Plot.barY(data.hours, {
        x: 'hour',
        y: 'n',
        fill: COLORS.brand,
        inset: 1,
        title: (d: { hour: number; n: number }) =>
          `${String(d.hour).padStart(2, '0')}:00–${String(d.hour).padStart(2, '0')}:59: ${d.n}`,
      }),
      Plot.ruleY([0], { stroke: COLORS.muted }),
    ],
  }));
}

export const LEAVING_KINDS = [
  { key: 'unsubscribes', label: 'unsubscribed', color: COLORS.amber },
  { key: 'bounces', label: 'bounced', color: COLORS.violet },
] as const;

export function leaving(data: ReportData): Chart {
  const rows = data.days.flatMap((d) =>
    LEAVING_KINDS.map((k) => ({ day: d.day, kind: k.label, n: d[k.key] })),
  );
  const max = Math.max(...data.days.map((d) => d.unsubscribes + d.bounces));
  return both('Unsubscribes and bounces per day, as stacked bars', (size) => ({
    x: dayAxis(data, size),
    y: countAxis(max, 'people'),
    color: { domain: LEAVING_KINDS.map((k) => k.label), range: LEAVING_KINDS.map((k) => k.color) },
    marks: [
      Plot.rectY(
        rows.filter((r) => r.n > 0),
        Plot.stackY({
          x: (r: (typeof rows)[number]) => utcDay(r.day),
          interval: 'day',
          y: 'n',
          fill: 'kind',
          insetLeft: 1,
          insetRight: 1,
          title: (r: (typeof rows)[number]) => `${r.day}: ${r.n} ${r.kind}`,
        }),
      ),
      Plot.ruleY([0], { stroke: COLORS.muted }),
    ],
  }));
}

export const STATUS_COLORS: Record<(typeof CAMPAIGN_STATUSES)[number], string> = {
  sent: COLORS.accent,
  deferred: COLORS.amber,
  bounced: COLORS.violet,
  failed: COLORS.paper,
  left: COLORS.line,
};

export function campaignProgress(data: ReportData): Chart {
  const names = campaignNames(data);
  const longest = Math.max(...names.map((n) => n.length), 4);
  const max = Math.max(
    ...names.map((name) =>
      data.campaigns.filter((c) => c.campaign === name).reduce((s, c) => s + c.n, 0),
    ),
  );
  return both(
    'Each campaign’s progress by delivery status, as stacked horizontal bars',
    (size) => ({
      height: 44 + 40 * names.length,
      marginLeft: Math.min(8 + longest * (size === 'narrow' ? 7 : 8), 160),
      x: { ...countAxis(max, 'people'), axis: 'top', label: null },
      y: { label: null, domain: names },
      color: {
        domain: [...CAMPAIGN_STATUSES],
        range: CAMPAIGN_STATUSES.map((s) => STATUS_COLORS[s]),
      },
      marks: [
        Plot.barX(
          data.campaigns.filter((c) => c.n > 0),
          Plot.stackX({
            y: 'campaign',
            x: 'n',
            fill: 'status',
            order: [...CAMPAIGN_STATUSES],
            title: (c: ReportData['campaigns'][number]) => `${c.campaign}, ${c.status}: ${c.n}`,
          }),
        ),
      ],
    }),
  );
}
