// The audit's judgement on figures made up for the purpose: Lighthouse CI's own `assert` with the
// audit's assertions, and the project's LCP ratio to the floor page.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { Result } from 'lighthouse';
import { AUDIT_ASSERTIONS, SITE_BUDGET } from '../test-support/budgets.ts';
import { FLOOR_ROUTE, floorRatios, LHCI } from './audit.ts';
import { blockingTime } from './lighthouse-config.ts';

const ORIGIN = 'http://127.0.0.1:4321';

/** A run of Lighthouse on `path`, with every figure within its budget unless `change` says not. */
function lhr(path: string, change: Record<string, number> = {}): Result {
  const f = { a11y: 1, lcp: 700, tbt: 0, cpu: 0, html: 9_000, script: 0, total: 40_000, ...change };
  const summary = [
    { resourceType: 'document', transferSize: f.html },
    { resourceType: 'script', transferSize: f.script },
    { resourceType: 'total', transferSize: f.total },
  ];
  const url = ORIGIN + path;
  return {
    requestedUrl: url,
    finalUrl: url,
    categories: {
      performance: { score: 1 },
      accessibility: { score: f.a11y },
      'best-practices': { score: 1 },
      seo: { score: 1 },
    },
    audits: {
      'largest-contentful-paint': { numericValue: f.lcp },
      'total-blocking-time': { numericValue: f.tbt },
      'cpu-blocking-time': { numericValue: f.cpu },
      'cumulative-layout-shift': { numericValue: 0 },
      'resource-summary': { details: { items: summary } },
    },
  } as unknown as Result;
}

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** `lhci assert` with the audit's assertions on these runs: its exit code and what it printed. */
function lhciAssert(runs: Result[]) {
  const dir = mkdtempSync(join(tmpdir(), 'tedx-audit-test-'));
  dirs.push(dir);
  // Where `lhci collect` leaves its runs, and `lhci assert` reads them.
  mkdirSync(join(dir, '.lighthouseci'));
  runs.forEach((run, i) =>
    writeFileSync(join(dir, '.lighthouseci', `lhr-${i}.json`), JSON.stringify(run)),
  );
  const config = join(dir, 'lighthouserc.json');
  writeFileSync(config, JSON.stringify({ ci: { assert: { assertMatrix: AUDIT_ASSERTIONS } } }));
  const result = spawnSync(process.execPath, [LHCI, 'assert', `--config=${config}`], {
    cwd: dir,
    encoding: 'utf8',
  });
  return { code: result.status, out: stripVTControlCharacters(result.stderr) };
}

const routes = (change: Record<string, number> = {}) =>
  ['/', '/speakers/', '/about/'].flatMap((path) => [
    lhr(path, change),
    lhr(path, change),
    lhr(path),
  ]);

describe('the audit, through Lighthouse CI', () => {
  it('passes when every figure is within its budget; never judges the floor page', () => {
    const floor = lhr(FLOOR_ROUTE, { a11y: 0.5, html: 99_999 });
    expect(lhciAssert([...routes(), floor])).toMatchObject({ code: 0 });
  });

  it('fails on the median of what load cannot move: an accessibility score, bytes', () => {
    const failed = lhciAssert(routes({ a11y: 0.99, html: SITE_BUDGET.htmlBytes + 1 }));
    expect(failed.code).toBe(1);
    expect(failed.out).toContain('categories.accessibility failure for minScore');
    expect(failed.out).toContain('resource-summary.document.size failure for maxNumericValue');
    // Once in three runs is not the median.
    expect(lhciAssert([...routes(), lhr('/', { a11y: 0.5 })]).code).toBe(0);
  });

  it('holds script weight on / only', () => {
    const heavy = lhciAssert(routes({ script: SITE_BUDGET.homeJsBytes + 1 }));
    expect(heavy.code).toBe(1);
    expect(heavy.out.match(/script\.size failure/g)).toHaveLength(1);
  });

  it('fails on the median blocking time from CPU time over its budget, on each route', () => {
    const limit = SITE_BUDGET.tbtMs;
    expect(lhciAssert(routes({ cpu: limit })).code).toBe(0);
    const busy = (path: string) =>
      lhciAssert([
        ...routes().filter((run) => !run.requestedUrl?.endsWith(path)),
        ...[limit + 1, limit + 1, 0].map((cpu) => lhr(path, { cpu })),
      ]);
    for (const path of ['/', '/speakers/', '/about/']) {
      const failed = busy(path);
      expect(failed.code).toBe(1);
      expect(failed.out.match(/cpu-blocking-time failure for maxNumericValue/g)).toHaveLength(1);
    }
  });

  it('prints the timings without failing', () => {
    const slow = lhciAssert(routes({ lcp: 2_000, tbt: 400 }));
    expect(slow.code).toBe(0);
    expect(slow.out).toContain('largest-contentful-paint warning');
    expect(slow.out).toContain('total-blocking-time warning');
  });
});

describe('the routes against the floor page', () => {
  const floor = [600, 700, 800].map((lcp) => lhr(FLOOR_ROUTE, { lcp }));

  it('compares median with median, and names each route over the budget', () => {
    const runs = (speakers: number[]) => [
      ...floor,
      ...routes({ lcp: 800 }).filter((run) => !run.requestedUrl?.endsWith('/speakers/')),
      ...speakers.map((lcp) => lhr('/speakers/', { lcp })),
    ];
    expect(floorRatios(runs([600, 870, 2_000]), ORIGIN).misses).toEqual([]);
    expect(floorRatios(runs([600, 900, 2_000]), ORIGIN)).toMatchObject({
      table: { '/speakers/': { 'median LCP ms': 900, 'x floor': 1.29 } },
      misses: ['/speakers/: median LCP / floor 1.29, budget <= 1.25'],
    });
  });

  it('never passes a route with no runs', () => {
    const runs = [...floor, ...routes().filter((run) => !run.requestedUrl?.endsWith('/about/'))];
    expect(floorRatios(runs, ORIGIN).misses).toEqual([
      '/about/: median LCP / floor NaN, budget <= 1.25',
    ]);
  });
});

describe('the blocking time from CPU time', () => {
  const FCP = 200;
  it("counts each task's CPU time, not its wall time, times the slowdown, past 50 ms", () => {
    // A task the OS kept waiting: 60 ms of wall time, 10 of CPU.
    expect(blockingTime([{ start: 300, end: 360, cpu: 10 }], FCP, 4)).toBe(0);
    // Two tasks of 30 ms of CPU each: 4 x 30 - 50 = 70 ms each.
    const busy = [
      { start: 300, end: 330, cpu: 30 },
      { start: 400, end: 440, cpu: 30 },
    ];
    expect(blockingTime(busy, FCP, 4)).toBe(140);
    expect(blockingTime(busy, FCP, 1)).toBe(0);
  });

  it('counts nothing before the first contentful paint, and the part of a task after it', () => {
    expect(blockingTime([{ start: 0, end: 150, cpu: 40 }], FCP, 4)).toBe(0);
    // Half of the task's time falls after FCP: half its CPU time, 4 x 20 - 50.
    expect(blockingTime([{ start: 150, end: 250, cpu: 40 }], FCP, 4)).toBe(30);
  });
});
