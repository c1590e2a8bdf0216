// Known figures for the audit's and the benchmark's pictures (scripts/audit-picture.ts,
// scripts/bench-picture.ts), shared by their unit tests and the browser test that opens them.
import type { AnnounceFigures, Round } from '../scripts/bench-announce.ts';
import type { Run } from '../scripts/bench-announce-run.ts';
import type { BenchFigures } from '../scripts/bench-picture.ts';
import { median, type RouteFigures, type RunFigures } from '../scripts/audit-route.ts';

/** A route's figures from its runs, every score 100. */
export function routeFigures(route: string, runs: RunFigures[], htmlBytes: number): RouteFigures {
  return {
    route,
    runs,
    performance: 100,
    accessibility: 100,
    bestPractices: 100,
    seo: 100,
    lcpMs: median(runs.map((r) => r.lcpMs)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    tbtMaxMs: Math.max(...runs.map((r) => r.tbtMs)),
    ownTbtMaxMs: Math.max(...runs.map((r) => r.ownTbtMs)),
    cls: 0.001,
    htmlBytes,
    jsGzipBytes: 0,
    cssGzipBytes: 0,
    totalBytes: htmlBytes + 24_000,
    failedAudits: [],
  };
}

export const auditRun = (lcpMs: number, tbtMs = 0, ownTbtMs = 0): RunFigures => ({
  lcpMs,
  tbtMs,
  ownTbtMs,
});

export const AUDIT = {
  floor: routeFigures('floor', [auditRun(750), auditRun(755), auditRun(640, 16)], 863),
  home: routeFigures('/', [auditRun(751, 0), auditRun(752, 20), auditRun(749, 18)], 13_794),
  /** Over 1.25 times the floor's 750 ms in every run, and its HTML past the first round trip. */
  about: routeFigures('/about/', [auditRun(950), auditRun(990), auditRun(1010)], 15_000),
};

const announceRun = (perSecond: number, peakRssMb: number | null, messages = 20_000): Run => ({
  messages,
  perSecond,
  wallSeconds: messages / perSecond,
  peakRssMb,
});
const round = (bare: number, sent: number, rss: number): Round => ({
  bare,
  run: announceRun(sent, rss),
  share: sent / bare,
});
const rounds = [round(1400, 1260, 160), round(1380, 1050, 171), round(1390, 1195, 212)];
const announce: AnnounceFigures = {
  subscribers: 20_000,
  rounds,
  median: rounds[2],
  paced: announceRun(20.2, 120, 300),
  direct: announceRun(900, 410, 5000),
  missed: [],
};

export const BENCH: BenchFigures = {
  signups: [
    {
      database: 'embedded (PGlite)',
      connections: 50,
      perSecond: 3479,
      p50: 12,
      p99: 35,
      errors: 0,
      raw: 3300,
    },
    {
      database: 'embedded (PGlite)',
      connections: 200,
      perSecond: 1500,
      p50: 80,
      p99: 130,
      errors: 0,
      raw: 3300,
    },
    {
      database: 'PostgreSQL',
      connections: 50,
      perSecond: 900,
      p50: 40,
      p99: 90,
      errors: 0,
      raw: 2000,
    },
  ],
  soak: {
    hostile: { '4xx': 99_990, closed: 10, other: 0 },
    statuses: { 400: 50_000, 401: 49_990 },
    rssFresh: 90,
    rssBefore: 120,
    rssAfter: 133,
    rssPeak: 150,
    honest: { sent: 600, errors: 0, p50: 4, p99: 27 },
    seconds: 60,
    missed: [],
  },
  announce,
  misses: [
    'embedded (PGlite) at 200: 45% of raw, budget 60%',
    'announce: peak RSS 212 MB, budget < 200 MB',
  ],
  madeAt: '2026-11-25 21:00 UTC',
  how: 'as the test says',
};
