// `npm run audit`: builds the site (unless --no-build), starts the real server on a throwaway
// database and runs Lighthouse (mobile defaults) on each route and on the floor page
// (audit-floor.ts), round by round, AUDIT_RUNS times. Each route's median run is kept as
// Lighthouse's own HTML report and JSON in audit-report/ (--out DIR). Prints one table and exits 1
// when a budget that does not move with the machine's load is missed; timing budgets are printed.
// A benchmark, not a test: it is kept out of `npm test`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { startServer } from '../test-support/server-process.ts';
import { budgetMisses, type RouteFigures } from './audit-budgets.ts';
import { FLOOR_ROUTE, writeFloor } from './audit-floor.ts';
import { CHROMIUM_ARGS, findChromium } from './find-chromium.ts';
import { middleBy } from './median.ts';

const ROUTES = ['/', '/speakers/', '/about/'];
/** Five, not three: on a busy machine the median of three still moved the LCP ratio by 0.15. */
const RUNS = Number(process.env.AUDIT_RUNS ?? 5);
/** A run Lighthouse reports as failed (a runtime error, a missing metric) is retried. */
const MAX_ATTEMPTS = 4;

interface Run {
  lhr: Result;
  /** Lighthouse's own HTML report and JSON of the run. */
  reports: string[];
}

const median = (values: number[]) => middleBy(values, (value) => value) ?? Number.NaN;
const lcpOf = (run: { lhr: Result }) =>
  run.lhr.audits['largest-contentful-paint']?.numericValue ?? NaN;

async function lighthouseRun(url: string, port: number): Promise<Run> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const result = await lighthouse(url, { port, output: ['html', 'json'], logLevel: 'error' });
    if (result && !result.lhr.runtimeError && Number.isFinite(lcpOf(result)))
      return { lhr: result.lhr, reports: result.report as string[] };
    console.warn(`${url}: Lighthouse run ${attempt} failed; retrying`);
  }
  throw new Error(`${url}: no complete Lighthouse run in ${MAX_ATTEMPTS} attempts`);
}

const medianRun = (runs: Run[]) => middleBy(runs, lcpOf);

/** The medians of a route's runs (TBT at its worst); bytes from the median run's own summary. */
function figures(runs: Run[]): RouteFigures {
  const mid = medianRun(runs);
  const score = (id: string) =>
    median(runs.map((run) => Math.round((run.lhr.categories[id]?.score ?? 0) * 100)));
  const metric = (id: string) => runs.map((run) => run.lhr.audits[id]?.numericValue ?? NaN);
  const summary = (
    mid.lhr.audits['resource-summary']?.details as {
      items?: { resourceType: string; transferSize: number }[];
    }
  )?.items;
  const bytes = (type: string) =>
    summary?.find((item) => item.resourceType === type)?.transferSize ?? NaN;
  return {
    perf: score('performance'),
    a11y: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: median(metric('largest-contentful-paint')),
    tbtMaxMs: Math.max(...metric('total-blocking-time')),
    cls: median(metric('cumulative-layout-shift')),
    htmlBytes: bytes('document'),
    scriptBytes: bytes('script'),
    totalBytes: bytes('total'),
  };
}
async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { 'no-build': { type: 'boolean' }, out: { type: 'string', default: 'audit-report' } },
  });
  // status is null when the build was killed by a signal: that is a failed build too.
  if (!values['no-build'] && spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status !== 0)
    return 1;
  const out = resolve(values.out);
  mkdirSync(out, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'tedx-audit-'));
  // The floor is served from dist/ by the same server, for as long as the audit runs.
  const removeFloor = writeFloor(fileURLToPath(new URL('../dist/', import.meta.url)));
  process.once('exit', removeFloor);
  const server = await startServer({ DATA_DIR: join(dataDir, 'data') }, { log: 'pipe' });
  const chrome = await chromeLauncher.launch({
    chromePath: findChromium(),
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    console.log(`Load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores.`);
    const targets = [FLOOR_ROUTE, ...ROUTES];
    const runs = new Map(targets.map((path) => [path, [] as Run[]]));
    // Round by round, so a machine that gets busier or quieter moves the floor and routes alike.
    for (let round = 1; round <= RUNS; round++)
      for (const path of targets)
        runs.get(path)?.push(await lighthouseRun(server.origin + path, chrome.port));
    const all = new Map(targets.map((path) => [path, figures(runs.get(path) ?? [])]));
    const floor = all.get(FLOOR_ROUTE) as RouteFigures;
    const table: Record<string, RouteFigures & { xFloor: number }> = {};
    const misses = [];
    for (const [path, f] of all) {
      const [html, json] = medianRun(runs.get(path) ?? []).reports;
      const name = path === '/' ? 'home' : path.replaceAll('/', '');
      writeFileSync(join(out, `${name}.report.html`), html);
      writeFileSync(join(out, `${name}.report.json`), json);
      table[path] = {
        ...f,
        lcpMs: Math.round(f.lcpMs),
        tbtMaxMs: Math.round(f.tbtMaxMs),
        cls: +f.cls.toFixed(3),
        xFloor: +(f.lcpMs / floor.lcpMs).toFixed(2),
      };
      if (path !== FLOOR_ROUTE) misses.push(...budgetMisses(path, f, floor));
    }
    console.log(`\nLighthouse, mobile defaults, median of ${RUNS} runs per route (bytes as sent)`);
    console.table(table);
    console.log(`Lighthouse's own report of each median run: ${out}/`);
    for (const { gates, line } of misses) console.log(`${gates ? 'MISSED' : 'timing'}: ${line}`);
    const failed = misses.filter((miss) => miss.gates).length;
    console.log(failed ? `\n${failed} budget(s) missed.` : '\nEvery gating budget met.');
    return failed ? 1 : 0;
  } finally {
    chrome.kill();
    await server.stop();
    removeFloor();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
