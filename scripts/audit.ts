// `npm run audit`: builds the site, starts the real server on a throwaway database, and measures
// every public route with Lighthouse (mobile defaults, median of three runs) plus the bytes a
// first visit transfers. Prints one table; exits non-zero when a budget is missed.
// This is a benchmark, not a test: it is deliberately kept out of `npm test`.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Result } from 'lighthouse';
import { CHROMIUM_ARGS, findChromium } from './find-chromium.ts';

const ROUTES = ['/', '/speakers/', '/about/'];
const RUNS = 3;
/** A run that Lighthouse reports as failed (a runtime error, a missing metric) is retried. */
const MAX_ATTEMPTS = RUNS + 3;

const BUDGET = {
  performance: 98,
  otherCategories: 100,
  lcpMs: 1500,
  tbtMs: 50,
  cls: 0.01,
  homeJsGzipBytes: 80 * 1024,
  homeTotalBytes: 200 * 1024,
};

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

interface RouteFigures {
  route: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsGzipBytes: number;
  cssGzipBytes: number;
  totalBytes: number;
  failedAudits: string[];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForHealthy(origin: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${origin}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server at ${origin} did not become healthy within ${timeoutMs} ms`);
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

async function auditRoute(url: string, chromePort: number, route: string): Promise<RouteFigures> {
  const runs: Result[] = [];
  for (let attempt = 1; runs.length < RUNS && attempt <= MAX_ATTEMPTS; attempt++) {
    const result = await lighthouse(url, { port: chromePort, output: 'json', logLevel: 'error' });
    const lhr = result?.lhr;
    const isComplete =
      lhr &&
      !lhr.runtimeError &&
      Number.isFinite(lhr.audits['largest-contentful-paint']?.numericValue);
    if (isComplete) runs.push(lhr);
    else
      console.warn(
        `${route}: Lighthouse run ${attempt} failed (${lhr?.runtimeError?.code ?? 'no metrics'}); retrying`,
      );
  }
  if (runs.length < RUNS) throw new Error(`${route}: fewer than ${RUNS} complete Lighthouse runs`);
  const score = (id: string) =>
    median(runs.map((lhr) => Math.round((lhr.categories[id]?.score ?? 0) * 100)));
  const metric = (id: string) => median(runs.map((lhr) => lhr.audits[id]?.numericValue ?? NaN));
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
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    jsGzipBytes: await gzipBytes(items, 'Script'),
    cssGzipBytes: await gzipBytes(items, 'Stylesheet'),
    totalBytes: metric('total-byte-weight'),
    failedAudits,
  };
}

function budgetMisses(figures: RouteFigures): string[] {
  const misses: string[] = [];
  const at = figures.route;
  if (figures.performance < BUDGET.performance)
    misses.push(`${at}: performance ${figures.performance} < ${BUDGET.performance}`);
  for (const [name, value] of [
    ['accessibility', figures.accessibility],
    ['best practices', figures.bestPractices],
    ['SEO', figures.seo],
  ] as const) {
    if (value < BUDGET.otherCategories) misses.push(`${at}: ${name} ${value} < 100`);
  }
  // `!(x <= budget)` so that a missing (NaN) figure is a miss, never a silent pass.
  if (!(figures.lcpMs <= BUDGET.lcpMs))
    misses.push(`${at}: LCP ${Math.round(figures.lcpMs)} ms > 1500`);
  if (!(figures.tbtMs <= BUDGET.tbtMs))
    misses.push(`${at}: TBT ${Math.round(figures.tbtMs)} ms > 50`);
  if (!(figures.cls <= BUDGET.cls)) misses.push(`${at}: CLS ${figures.cls.toFixed(3)} > 0.01`);
  if (at === '/') {
    if (figures.jsGzipBytes > BUDGET.homeJsGzipBytes)
      misses.push(`/: initial JS ${kb(figures.jsGzipBytes)} gzip > 80 KB`);
    if (figures.totalBytes > BUDGET.homeTotalBytes)
      misses.push(`/: first visit ${kb(figures.totalBytes)} > 200 KB`);
  }
  if (misses.length > 0 && figures.failedAudits.length > 0)
    misses.push(`${at}: failing audits: ${figures.failedAudits.join(', ')}`);
  return misses;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function printTable(rows: RouteFigures[]): void {
  const header = [
    'route',
    'perf',
    'a11y',
    'b.p.',
    'seo',
    'LCP',
    'TBT',
    'CLS',
    'JS gz',
    'CSS gz',
    'total',
  ];
  const lines = rows.map((row) => [
    row.route,
    String(row.performance),
    String(row.accessibility),
    String(row.bestPractices),
    String(row.seo),
    `${Math.round(row.lcpMs)} ms`,
    `${Math.round(row.tbtMs)} ms`,
    row.cls.toFixed(3),
    kb(row.jsGzipBytes),
    kb(row.cssGzipBytes),
    kb(row.totalBytes),
  ]);
  const widths = header.map((cell, index) =>
    Math.max(cell.length, ...lines.map((line) => line[index].length)),
  );
  const format = (cells: string[]) =>
    cells.map((cell, index) => cell.padEnd(widths[index])).join('  ');
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines) console.log(format(line));
}

async function main(): Promise<number> {
  if (!process.argv.includes('--no-build')) {
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) return build.status ?? 1;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'tedx-audit-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['server/index.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const chrome = await chromeLauncher.launch({
    chromePath: findChromium(),
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    await waitForHealthy(origin, 30_000);
    const rows: RouteFigures[] = [];
    for (const route of ROUTES) rows.push(await auditRoute(origin + route, chrome.port, route));
    console.log(`\nLighthouse ${RUNS} runs per route, mobile defaults (median); gzip -9 sizes\n`);
    printTable(rows);
    const misses = rows.flatMap(budgetMisses);
    if (misses.length === 0) {
      console.log('\nAll budgets met.');
      return 0;
    }
    console.log('\nBudgets missed:');
    for (const miss of misses) console.log(`- ${miss}`);
    return 1;
  } finally {
    chrome.kill();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
