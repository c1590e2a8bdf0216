// `npm run audit`: builds the site, starts the real server on a throwaway database, and measures
// every public route with Lighthouse (mobile defaults, median of three runs) plus the bytes a
// first visit transfers. Prints one table; exits non-zero when a budget is missed.
// This is a benchmark, not a test: it is deliberately kept out of `npm test`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { startServer } from '../test-support/server-process.ts';
import { budgetMisses, figuresTable } from './audit-report.ts';
import { auditRoute, RUNS, type RouteFigures } from './audit-route.ts';
import { CHROMIUM_ARGS, findChromium } from './find-chromium.ts';

const ROUTES = ['/', '/speakers/', '/about/'];

async function main(): Promise<number> {
  if (!process.argv.includes('--no-build')) {
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) return build.status ?? 1;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'tedx-audit-'));
  const server = await startServer(
    { DATA_DIR: join(dataDir, 'data') },
    { log: { file: join(dataDir, 'server.log') } },
  );
  const chrome = await chromeLauncher.launch({
    chromePath: findChromium(),
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    const rows: RouteFigures[] = [];
    for (const route of ROUTES)
      rows.push(await auditRoute(server.origin + route, chrome.port, route));
    console.log(`\nLighthouse ${RUNS} runs per route, mobile defaults (median); gzip -9 sizes\n`);
    console.log(figuresTable(rows));
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
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
