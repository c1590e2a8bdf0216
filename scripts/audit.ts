// `npm run audit`: builds the site, starts the real server on a throwaway database, and measures
// every public route with Lighthouse (mobile defaults, median of three runs) plus the bytes a
// first visit transfers, and in the same run the floor (scripts/audit-floor.ts), to which each
// route's LCP is compared. Prints one table, writes the same figures as a picture
// (audit-picture.ts; `--out FILE`, default audit-report.html); exits non-zero when a budget is
// missed.
// This is a benchmark, not a test: it is deliberately kept out of `npm test`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import { madeAt } from '../cli/report/page.ts';
import { startServer } from '../test-support/server-process.ts';
import { FLOOR_ROUTE, writeFloor } from './audit-floor.ts';
import { auditPictureHtml, DEFAULT_AUDIT_PICTURE } from './audit-picture.ts';
import { budgetMisses, figuresTable } from './audit-report.ts';
import { pictureFile } from './picture-marks.ts';
import {
  lighthouseRun,
  routeFigures,
  RUNS,
  type AuditRun,
  type RouteFigures,
} from './audit-route.ts';
import { CHROMIUM_ARGS, findChromium } from './find-chromium.ts';

const ROUTES = ['/', '/speakers/', '/about/'];

/**
 * The process model of Chrome on Android, which the mobile audit stands for: it gives a site a
 * renderer process of its own only if people log into it (partial site isolation), and keeps the
 * others in a shared one. Desktop Chromium (site-per-process) starts each of Lighthouse's
 * navigations here in a renderer process of its own, and the new document then waits, inside the
 * task that commits the navigation, for Lighthouse to attach to that process before it runs on:
 * 10-36 ms of wall time for 5-8 ms of CPU on this machine, which the simulation counts four
 * times over after the first paint, on the one-paragraph floor as on any route (the floor read
 * 0-75 ms of TBT). In a shared process that task takes 8-14 ms and the floor reads 0
 * (docs/performance.md, "The fourth pass on issue 15").
 *
 * The features join chrome-launcher's own --disable-features list: Chromium reads only the last
 * --disable-features, so a second one would switch the launcher's (Translate, RenderDocument…)
 * back on.
 */
function launcherFlagsWithMobileProcessModel(): string[] {
  const features = ['site-per-process', 'IsolateOrigins'];
  return [
    ...chromeLauncher.Launcher.defaultFlags().map((flag) =>
      flag.startsWith('--disable-features=') ? `${flag},${features.join(',')}` : flag,
    ),
    '--disable-site-isolation-trials',
  ];
}

/**
 * Waits (up to two minutes) until the machine's one-minute load average is at most half its
 * cores, and says so: right after `npm test` (as in CI) the tail of the test suite is still on
 * the cores, and Lighthouse's timings would measure that rather than the pages. Never hides it:
 * the load at the start of measuring is printed either way.
 */
async function settle(): Promise<number> {
  const quiet = availableParallelism() / 2;
  const before = loadavg()[0];
  if (before <= quiet) {
    console.log(`Load average ${before.toFixed(1)}: measuring now.`);
    return before;
  }
  const started = performance.now();
  let now = before;
  while (now > quiet && performance.now() - started < 120_000) {
    await sleep(5_000);
    now = loadavg()[0];
  }
  const waited = Math.round((performance.now() - started) / 1000);
  console.log(
    now <= quiet
      ? `The machine was busy (load average ${before.toFixed(1)}): waited ${waited} s, to ${now.toFixed(1)}.`
      : `The machine is still busy after ${waited} s (load average ${now.toFixed(1)}): timings below may read high.`,
  );
  return now;
}

const lighthouseVersion = (runs: AuditRun[]) => runs[0]?.lhr.lighthouseVersion ?? '?';
/** `Chromium 156.0.8078.73`: the user agent Lighthouse reports gives only the major version. */
const browserVersion = (path: string) =>
  spawnSync(path, ['--version'], { encoding: 'utf8' }).stdout?.match(/^\S+ [\d.]+/)?.[0] ??
  'Chromium';
async function main(): Promise<number> {
  const picture = pictureFile(process.argv, 'npm run audit', DEFAULT_AUDIT_PICTURE);
  if (!process.argv.includes('--no-build')) {
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) return build.status ?? 1;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'tedx-audit-'));
  // The server lists dist/ at start and reads a file when it is asked for: the floor stays in
  // dist/ while the audit runs, and leaves it however the audit ends.
  const removeFloor = writeFloor(fileURLToPath(new URL('../dist/', import.meta.url)));
  process.once('exit', removeFloor);
  const server = await startServer(
    { DATA_DIR: join(dataDir, 'data') },
    { log: { file: join(dataDir, 'server.log') } },
  );
  const chromePath = findChromium();
  const chrome = await chromeLauncher.launch({
    chromePath,
    ignoreDefaultFlags: true, // given, with two features more, by launcherFlagsWithMobileProcessModel()
    chromeFlags: [...launcherFlagsWithMobileProcessModel(), '--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    const load = await settle();
    // Round by round, the floor beside the routes, so that a machine that gets busier or quieter
    // during the audit moves the floor and the routes alike.
    const floorTarget = { label: 'floor', path: FLOOR_ROUTE, runs: [] as AuditRun[] };
    const routeTargets = ROUTES.map((route) => ({
      label: route,
      path: route,
      runs: [] as AuditRun[],
    }));
    const targets = [floorTarget, ...routeTargets];
    for (let round = 1; round <= RUNS; round++) {
      for (const { label, path, runs } of targets) {
        runs.push(await lighthouseRun(server.origin + path, chrome.port, label));
      }
    }
    const floor = await routeFigures(floorTarget.label, floorTarget.runs);
    const rows: RouteFigures[] = [];
    for (const { label, runs } of routeTargets) rows.push(await routeFigures(label, runs));
    console.log(`\nLighthouse ${RUNS} runs per route, mobile defaults (median); gzip -9 sizes\n`);
    console.log(figuresTable(rows, floor));
    const misses = rows.flatMap((row) => budgetMisses(row, floor));
    const how =
      `Lighthouse ${lighthouseVersion(floorTarget.runs)}, mobile defaults, ${RUNS} runs of each ` +
      `route round by round with the floor, in ${browserVersion(chromePath)}; load average ` +
      `${load.toFixed(1)} on ${availableParallelism()} cores when measuring began.`;
    writeFileSync(picture, auditPictureHtml(rows, floor, { madeAt: madeAt(), how, misses }));
    console.log(`\nThe same figures as a picture: ${picture} (open it in any browser).`);
    if (misses.length === 0) {
      console.log('\nAll budgets met.');
      return 0;
    }
    console.log('\nBudgets missed:');
    for (const miss of misses) console.log(`- ${miss}`);
    return 1;
  } finally {
    chrome.kill();
    await server.stop();
    removeFloor();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
