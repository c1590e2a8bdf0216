// `npm run audit`: builds the site (unless --no-build), starts the real server on a throwaway
// database and has Lighthouse CI run Lighthouse (mobile defaults) on each route and on a floor
// page, round by round, AUDIT_RUNS times; it asserts the budgets (test-support/budgets.ts) on the
// medians, with the LCP ratio to the floor (decision 0010), and writes each run's report to
// audit-report/ (--out DIR). Exits 1 when a gating budget is missed (docs/performance.md).
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Result } from 'lighthouse';
import { AUDIT_ASSERTIONS, SITE_BUDGET as BUDGET } from '../test-support/budgets.ts';
import { startServer } from '../test-support/server-process.ts';
import { compressDist } from './compress.ts';
import { CHROMIUM_ARGS, findChromium } from './find-chromium.ts';

const ROUTES = ['/', '/speakers/', '/about/'];
/** Nine: on a busy machine the median of three still moved the LCP ratio by 0.15, and a route's
 * blocking time moves between 0 and 140 ms from one run to the next here. */
const RUNS = Number(process.env.AUDIT_RUNS ?? 9);
export const LHCI = fileURLToPath(import.meta.resolve('@lhci/cli/src/cli.js'));

/** The floor (test-support/audit-floor.html): the least a page can be, served from dist/ by the
 * same server while the audit runs, with the same compression, caching and headers as the pages. */
export const FLOOR_ROUTE = '/audit-floor/';
const FLOOR = new URL('../test-support/audit-floor.html', import.meta.url);
/** Lighthouse's defaults and the blocking time from CPU time. */
const LIGHTHOUSE_CONFIG = fileURLToPath(new URL('./lighthouse-config.ts', import.meta.url));

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor((sorted.length - 1) / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid] + sorted[mid + 1]) / 2;
};

/** Each route's median LCP against the floor's (LCP ms, ratio); the misses, one line each. (Both
 * blocking times, Lighthouse's and the one from CPU time, Lighthouse CI's own report prints.) */
export function floorRatios(lhrs: Result[], origin: string) {
  const lcp = (path: string) =>
    median(
      lhrs
        .filter((lhr) => lhr.requestedUrl === origin + path)
        .map((lhr) => lhr.audits['largest-contentful-paint']?.numericValue ?? NaN)
        .filter(Number.isFinite),
    );
  const medians = Object.fromEntries([FLOOR_ROUTE, ...ROUTES].map((path) => [path, lcp(path)]));
  const floor = medians[FLOOR_ROUTE];
  const table = Object.fromEntries(
    Object.entries(medians).map(([path, ms]) => [
      path,
      { 'median LCP ms': Math.round(ms), 'x floor': +(ms / floor).toFixed(2) },
    ]),
  );
  const misses = ROUTES.filter((path) => !(medians[path] / floor <= BUDGET.lcpFloorRatio)).map(
    (path) =>
      `${path}: median LCP / floor ${table[path]['x floor']}, budget <= ${BUDGET.lcpFloorRatio}`,
  );
  return { table, misses };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { 'no-build': { type: 'boolean' }, out: { type: 'string', default: 'audit-report' } },
  });
  // status is null when the build was killed by a signal: that is a failed build too.
  if (!values['no-build'] && spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status !== 0)
    return 1;
  // Lighthouse CI keeps its runs in .lighthouseci/ of its working directory: a throwaway one.
  const work = mkdtempSync(join(tmpdir(), 'tedx-audit-'));
  const floorDir = fileURLToPath(new URL(`../dist${FLOOR_ROUTE}`, import.meta.url));
  mkdirSync(floorDir, { recursive: true });
  copyFileSync(FLOOR, join(floorDir, 'index.html'));
  compressDist(floorDir);
  const server = await startServer({ DATA_DIR: join(work, 'data') });
  try {
    console.log(`Load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores.`);
    const config = join(work, 'lighthouserc.json');
    writeFileSync(
      config,
      JSON.stringify({
        ci: {
          collect: {
            url: [FLOOR_ROUTE, ...ROUTES].map((path) => server.origin + path),
            numberOfRuns: 1,
            additive: true,
            chromePath: findChromium(),
            settings: { chromeFlags: CHROMIUM_ARGS.join(' '), configPath: LIGHTHOUSE_CONFIG },
          },
          assert: { assertMatrix: AUDIT_ASSERTIONS, includePassedAssertions: true },
          upload: { target: 'filesystem', outputDir: resolve(values.out) },
        },
      }),
    );
    const lhci = (command: string) =>
      spawnSync(process.execPath, [LHCI, command, `--config=${config}`], {
        cwd: work,
        stdio: 'inherit',
      }).status;
    // Round by round, so a machine that gets busier or quieter moves the floor and routes alike.
    for (let round = 1; round <= RUNS; round++) if (lhci('collect') !== 0) return 1;
    const asserted = lhci('assert');
    if (lhci('upload') !== 0) return 1;
    const saved = join(work, '.lighthouseci');
    const lhrs = readdirSync(saved)
      .filter((name) => /^lhr-.*\.json$/.test(name))
      .map((name) => JSON.parse(readFileSync(join(saved, name), 'utf8')) as Result);
    const { table, misses } = floorRatios(lhrs, server.origin);
    console.log(`\nLargest contentful paint, median of ${RUNS} runs, against the floor page`);
    console.table(table);
    for (const miss of misses) console.log(`MISSED: ${miss}`);
    console.log(`Lighthouse's own report of every run: ${resolve(values.out)}/ (manifest.json)`);
    const failed = asserted !== 0 || misses.length > 0;
    console.log(failed ? '\nA gating budget was missed.' : '\nEvery gating budget met.');
    return failed ? 1 : 0;
  } finally {
    await server.stop();
    rmSync(floorDir, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.main) process.exitCode = await main();
