// The report's numbers against a known list: the migration's function on PGlite and PostgreSQL, and
// `npm run subscribers -- report` through each door and on each engine (BACKENDS).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retentionNotice } from '../../platform/retention.ts';
import { loadSettings } from '../../platform/settings.ts';
import type { Db } from '../../platform/db/types.ts';
import { EVENT_TIME_ZONE } from '../../content/event.ts';
import {
  postgresDatabase,
  POSTGRES_SKIP_REASON,
  seedPgliteDir,
  TEST_DATABASE_URL,
  testDatabases,
} from '../../test-support/databases.ts';
import { BACKENDS } from '../../test-support/announce-lists.ts';
import { seedReportList, type Seeded } from '../../test-support/report-seed.ts';
import { runCli, startServer } from '../../test-support/server-process.ts';
import { inProcessCaller } from '../backend.ts';
import { countTicks } from './charts.ts';
import { EMPTY_RAW, NO_SOURCE, readReport, shapeReport } from './data.ts';
import { textBars } from './summary.ts';

if (!TEST_DATABASE_URL) describe.skip(POSTGRES_SKIP_REASON, () => it('report on PostgreSQL'));

describe('report helpers', () => {
  it('an empty list still shows the last 14 days, all zero', () => {
    const data = shapeReport(EMPTY_RAW, EVENT_TIME_ZONE, new Date('2026-11-23T21:30:00Z'));
    expect(data.today).toBe('2026-11-24'); // 00:30 in Kampala
    expect(data.days).toHaveLength(14);
    expect(data.days[0].day).toBe('2026-11-11');
    expect(data.hours.every((h) => h.n === 0)).toBe(true);
  });

  it('counts in whole people and draws text bars to scale', () => {
    expect(countTicks(0)).toEqual([0, 1]);
    expect(countTicks(3)).toEqual([0, 1, 2, 3]);
    expect(countTicks(40)).toEqual([0, 10, 20, 30, 40]);
    expect(countTicks(197)).toEqual([0, 50, 100, 150, 200]);
    const bars = textBars([
      { day: '2026-11-22', signups: 10 },
      { day: '2026-11-23', signups: 1 },
      { day: '2026-11-24', signups: 0 },
    ]);
    expect(bars).toEqual([
      `  Sun 22 Nov  ${'█'.repeat(30)} 10`,
      `  Mon 23 Nov  ${'█'.repeat(3)} 1`,
      '  Tue 24 Nov  0',
    ]);
  });
});

function expectMatches(data: ReturnType<typeof shapeReport>, seeded: Seeded) {
  expect(data.total).toBe(seeded.total);
  const perDay = new Map(data.days.map((d) => [d.day, d.signups]));
  for (const { day, n } of seeded.perDay) expect([day, perDay.get(day)]).toEqual([day, n]);
  expect(data.days.at(-1)?.cumulative).toBe(seeded.total);
  expect(new Map(data.sources.map((s) => [s.source === NO_SOURCE ? null : s.source, s.n]))).toEqual(
    seeded.bySource,
  );
  expect(data.hours.map((h) => h.n)).toEqual(seeded.byHour);
  expect(data.unsubscribes).toBe(3);
  for (const [day, n] of seeded.unsubscribes)
    expect(data.days.find((d) => d.day === day)?.unsubscribes).toBe(n);
  expect(data.bounces).toBe(0);
  expect(data.yourData).toEqual(seeded.yourData);
  expect(data.late.find((c) => c.campaign === 'launch')).toEqual({
    campaign: 'launch',
    ...seeded.late,
  });
  expect(data.late.find((c) => c.campaign === 'tickets')).toMatchObject({ bounces: 0 });
  for (const c of seeded.campaigns) {
    const of = (status: string) =>
      data.campaigns.find((x) => x.campaign === c.campaign && x.status === status)?.n;
    expect([of('sent'), of('failed'), of('left'), of('deferred')]).toEqual([
      c.sent,
      c.failed,
      c.left,
      0,
    ]);
  }
}

describe.each(testDatabases())('tedxcommunity_report on $name', (database) => {
  let db: Db;
  let seeded: Seeded;
  beforeAll(async () => {
    db = await database.open();
    seeded = await seedReportList(db);
  });
  afterAll(() => database.dispose(db));

  it('holds the numbers of the list, in the event’s time zone', async () => {
    const caller = await inProcessCaller(db, loadSettings({}), 'test');
    expectMatches(
      shapeReport(await readReport(caller, EVENT_TIME_ZONE), EVENT_TIME_ZONE, new Date()),
      seeded,
    );
  });

  it.each(['tedxcommunity_report', 'tedxcommunity_your_data_report'])(
    '%s is the service role’s alone',
    async (fn) => {
      await expect(
        db.transactionAs('anon', (tx) => tx.query(`select public.${fn}($1)`, [EVENT_TIME_ZONE])),
      ).rejects.toMatchObject({ code: '42501' });
    },
  );
});

describe.each(BACKENDS)('subscribers -- report on %s', (name) => {
  const dir = mkdtempSync(join(tmpdir(), 'tedx-report-'));
  let env: Record<string, string> = {};
  let seeded: Seeded;
  let stop = async () => {};
  beforeAll(async () => {
    if (name === 'PostgreSQL') {
      const database = postgresDatabase(TEST_DATABASE_URL ?? '');
      const db = await database.open();
      seeded = await seedReportList(db);
      env = { DATABASE_URL: database.url ?? '' };
      stop = () => database.dispose(db);
      return;
    }
    await seedPgliteDir(dir, async (db) => (seeded = await seedReportList(db)));
    env = { DATA_DIR: dir };
    if (name === 'running server') {
      const server = await startServer(env);
      stop = () => server.stop();
    }
  }, 60_000);
  afterAll(async () => {
    await stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes the file and prints the summary', async () => {
    const out = join(dir, 'report.html');
    const result = await runCli(['cli/subscribers.ts', 'report', '--out', out], env);
    expect(result.stderr).toContain(`Wrote the report to ${out}`);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^${seeded.total} on the list \\(`));
    expect(result.stdout).toContain('Unsubscribed: 3. Bounced: 0. Late bounces: 2. Complaints: 1.');
    expect(result.stdout).toContain('Your data pages: 2 corrected, 1 downloaded, 1 erased.');
    expect(
      result.stdout.split('\n').filter((l) => /^ {2}\w{3} \d{1,2} \w{3} /.test(l)),
    ).toHaveLength(14);
    const html = readFileSync(out, 'utf8');
    expect(html).toContain(`<b>${seeded.total}</b><span>on the list</span>`);
    // Late bounces and complaints beside the send's outcomes.
    expect(html).toContain('<th scope="col">late bounces</th><th scope="col">complaints</th>');
    expect(html).toMatch(/<th scope="row">launch<\/th>(<td>[\d,]+<\/td>){5}<td>2<\/td><td>1<\/td>/);
    const [first, second] = seeded.yourData;
    expect(html).toContain(
      `<tr><th scope="row">${first.day}</th><td>2</td><td>1</td><td>0</td></tr>`,
    );
    expect(html).toContain(
      `<tr><th scope="row">${second.day}</th><td>0</td><td>0</td><td>1</td></tr>`,
    );
    expect(html).not.toContain('@example.org');
    expect(html).not.toMatch(/\b(src|href)="https?:/);
    // A list kept past the privacy page's day says so in the file and after the command (an
    // erased one does not: erase.test.ts).
    const overdue = await retentionNotice(() => seeded.total);
    expect(html.includes(`<ul class="notes"><li>${overdue}</li>`)).toBe(overdue !== null);
    expect(result.stderr.endsWith(`${overdue}\n`)).toBe(overdue !== null);
  });

  // The file is the command's, whatever the backend: checked once.
  if (name === 'running server')
    it('says in one line when the file cannot be written', async () => {
      const out = join(dir, 'no-such-dir', 'report.html');
      const result = await runCli(['cli/subscribers.ts', 'report', '--out', out], env);
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(
        `Could not write ${out} (ENOENT): choose another --out FILE`,
      );
    });
});
