// Lighthouse runs (mobile defaults) and the figures of one route from several of them: the median
// of each, plus the gzip -9 size of the JavaScript and CSS a first visit loads.
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import type { Result } from 'lighthouse';
import { ownBlockingMs, type TraceEvent } from './audit-blocking.ts';

export const RUNS = 3;
/** A run that Lighthouse reports as failed (a runtime error, a missing metric) is retried. */
const MAX_ATTEMPTS = 4;

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

/** One run's timings, for the picture (audit-picture.ts). */
export interface RunFigures {
  lcpMs: number;
  tbtMs: number;
  ownTbtMs: number;
}

export interface RouteFigures {
  route: string;
  /** Each run's timings, in the order they were taken. */
  runs: RunFigures[];
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  /** The worst run's TBT: the budget holds in every run, not only in the median. */
  tbtMaxMs: number;
  /** The worst run's blocking time from the page's own CPU time (audit-blocking.ts). */
  ownTbtMaxMs: number;
  cls: number;
  /** The page's HTML as transferred (compressed, headers included). */
  htmlBytes: number;
  jsGzipBytes: number;
  cssGzipBytes: number;
  totalBytes: number;
  failedAudits: string[];
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** gzip -9 size of each resource of one type, fetched uncompressed from the server. */
async function gzipBytes(items: NetworkItem[], type: string): Promise<number> {
  let total = 0;
  for (const item of items.filter((entry) => entry.resourceType === type)) {
    const body = Buffer.from(await (await fetch(item.url)).arrayBuffer());
    total += gzipSync(body, { level: 9 }).length;
  }
  return total;
}

/** One Lighthouse run, and the page's own blocking time read from its trace. */
export interface AuditRun {
  lhr: Result;
  ownBlockingMs: number;
}

/** One complete Lighthouse run of `url`; a run Lighthouse reports as failed is retried. */
export async function lighthouseRun(
  url: string,
  chromePort: number,
  route: string,
): Promise<AuditRun> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const result = await lighthouse(url, { port: chromePort, output: 'json', logLevel: 'error' });
    const lhr = result?.lhr;
    const isComplete =
      lhr &&
      !lhr.runtimeError &&
      Number.isFinite(lhr.audits['largest-contentful-paint']?.numericValue);
    if (isComplete) {
      const trace = (result.artifacts as { Trace?: { traceEvents: TraceEvent[] } }).Trace;
      const slowdown = lhr.configSettings.throttling?.cpuSlowdownMultiplier ?? 1;
      return { lhr, ownBlockingMs: ownBlockingMs(trace?.traceEvents ?? [], slowdown) };
    }
    console.warn(
      `${route}: Lighthouse run ${attempt} failed (${lhr?.runtimeError?.code ?? 'no metrics'}); retrying`,
    );
  }
  throw new Error(`${route}: no complete Lighthouse run in ${MAX_ATTEMPTS} attempts`);
}

/** The medians of a route's runs (TBT also at its worst), plus the bytes of its last run. */
export async function routeFigures(route: string, auditRuns: AuditRun[]): Promise<RouteFigures> {
  const runs = auditRuns.map((run) => run.lhr);
  const score = (id: string) =>
    median(runs.map((lhr) => Math.round((lhr.categories[id]?.score ?? 0) * 100)));
  const values = (id: string) => runs.map((lhr) => lhr.audits[id]?.numericValue ?? NaN);
  const metric = (id: string) => median(values(id));
  const last = runs[runs.length - 1];
  const items = ((last.audits['network-requests']?.details as { items?: NetworkItem[] })?.items ??
    []) as NetworkItem[];
  const failedAudits = Object.values(last.audits)
    .filter(
      (audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary',
    )
    .map((audit) => audit.id);
  return {
    route,
    runs: auditRuns.map(({ lhr, ownBlockingMs }) => ({
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
      ownTbtMs: ownBlockingMs,
    })),
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    tbtMaxMs: Math.max(...values('total-blocking-time')),
    ownTbtMaxMs: Math.max(...auditRuns.map((run) => run.ownBlockingMs)),
    cls: metric('cumulative-layout-shift'),
    htmlBytes: items.find((item) => item.resourceType === 'Document')?.transferSize ?? NaN,
    jsGzipBytes: await gzipBytes(items, 'Script'),
    cssGzipBytes: await gzipBytes(items, 'Stylesheet'),
    totalBytes: metric('total-byte-weight'),
    failedAudits,
  };
}
