// npm run bench: sign-ups per second through the real server, on the embedded database and (when
// DATABASE_URL is given) on PostgreSQL, against the same database's raw insert rate.
//   npm run bench                      embedded only
//   DATABASE_URL=postgres://… npm run bench   also PostgreSQL (a fresh database is created in
//                                      that cluster and dropped after; your data is not touched)
//   BENCH_SECONDS=10 (per run)  BENCH_CONNECTIONS=50,200
// Budget: no errors; the embedded server sustains >= 60% of its database's raw single-row insert
// rate; p99 < 100 ms at 50 connections. Then the hostile soak (bench-soak.ts) and the launch-day
// announcement (bench-announce.ts), each with its own budgets. Prints the figures, writes them as
// a picture (bench-picture.ts; `--out FILE`, default bench-report.html), exits 1 when a budget is
// missed.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { madeAt } from '../cli/report/page.ts';
import { migrate } from '../server/db/migrate.ts';
import { openPglite } from '../server/db/pglite.ts';
import { openPostgres } from '../server/db/postgres.ts';
import { loadSettings } from '../server/settings.ts';
import { BENCH_BUDGET } from '../test-support/budgets.ts';
import { markdownTable, pct } from '../test-support/table.ts';
import { benchAnnounce } from './bench-announce.ts';
import { benchPictureHtml, DEFAULT_BENCH_PICTURE } from './bench-picture.ts';
import { pictureFile } from './picture-marks.ts';
import { measureServer, rawInsertRate, SECONDS, signupOver, type Row } from './bench-load.ts';
import { reportSoak, soak } from './bench-soak.ts';

const env = process.env;

async function benchEmbedded(rows: Row[]) {
  const dir = mkdtempSync(join(tmpdir(), 'tedx-bench-'));
  try {
    // Raw rate of the same engine on the same disk, in a directory of its own.
    const rawDb = await openPglite({ dataDir: join(dir, 'raw') });
    await migrate(rawDb);
    const raw = await rawInsertRate(rawDb);
    await rawDb.close();
    rows.push(
      ...(await measureServer('embedded (PGlite)', raw, { DATA_DIR: join(dir, 'server') }, dir)),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function benchPostgres(rows: Row[], adminUrl: string) {
  const name = `tedx_bench_${Date.now().toString(36)}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dir = mkdtempSync(join(tmpdir(), 'tedx-bench-'));
  try {
    const db = openPostgres({ connectionString: url.toString(), max: 1 });
    await migrate(db);
    const raw = await rawInsertRate(db);
    await db.close();
    const env = { DATABASE_URL: url.toString(), DATA_DIR: join(dir, 'data') };
    rows.push(...(await measureServer('PostgreSQL', raw, env, dir)));
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  }
}

function report(rows: Row[]): string[] {
  const header = ['database', 'connections', 'sign-ups/s', 'p50 ms', 'p99 ms', 'errors'];
  const lines = rows.map((r) => [
    r.database,
    String(r.connections),
    r.perSecond.toFixed(0),
    String(r.p50),
    String(r.p99),
    String(r.errors),
    r.raw.toFixed(0),
    pct(r.perSecond / r.raw),
  ]);
  console.log(
    `\nNode ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${SECONDS} s per run\n`,
  );
  console.log(markdownTable([...header, 'raw inserts/s', 'ratio'], lines));

  const missed: string[] = [];
  for (const r of rows) {
    if (r.errors > 0) missed.push(`${r.database} at ${r.connections}: ${r.errors} errors`);
    const over = signupOver(r);
    if (over.share) {
      missed.push(
        `${r.database} at ${r.connections}: ${pct(r.perSecond / r.raw)} of raw, budget ${BENCH_BUDGET.ratio * 100}%`,
      );
    }
    if (over.p99) {
      missed.push(
        `${r.database} at ${r.connections}: p99 ${r.p99} ms, budget < ${BENCH_BUDGET.p99Ms} ms`,
      );
    }
  }
  return missed;
}

const picture = pictureFile(process.argv, 'npm run bench', DEFAULT_BENCH_PICTURE);
const databaseUrl = loadSettings(env).databaseUrl;
const rows: Row[] = [];
await benchEmbedded(rows);
if (databaseUrl) await benchPostgres(rows, databaseUrl);
const missed = report(rows);
const soakResult = await soak();
missed.push(...reportSoak(soakResult));
const announced = await benchAnnounce();
missed.push(...announced.missed);
const how = `Node ${process.version} on ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}; ${SECONDS} s per sign-up run.`;
writeFileSync(
  picture,
  benchPictureHtml({
    signups: rows,
    soak: soakResult,
    announce: announced,
    misses: missed,
    madeAt: madeAt(),
    how,
  }),
);
console.log(`\nThe same figures as a picture: ${picture} (open it in any browser).`);
if (missed.length) {
  console.log('\nBudget missed:\n  ' + missed.join('\n  '));
  process.exit(1);
}
console.log('\nAll budgets held.');
