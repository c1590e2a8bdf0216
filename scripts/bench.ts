// npm run bench: sign-ups per second through the real server, on the embedded database and (when
// DATABASE_URL is given) on PostgreSQL, against the same database's raw insert rate.
//   npm run bench                      embedded only
//   DATABASE_URL=postgres://… npm run bench   also PostgreSQL (a fresh database is created in
//                                      that cluster and dropped after; your data is not touched)
//   BENCH_SECONDS=10 (per run)  BENCH_CONNECTIONS=50,200
// Budget: no errors; the embedded server sustains >= 60% of its database's raw single-row insert
// rate; p99 < 100 ms at 50 connections. Exits 1 when one is missed.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { LOCAL_ANON_KEY, SIGNUP_TABLE } from '../src/lib/signup-contract.ts';
import { migrate } from '../server/db/migrate.ts';
import { openPglite } from '../server/db/pglite.ts';
import { openPostgres } from '../server/db/postgres.ts';
import type { Db } from '../server/db/types.ts';
import { loadSettings } from '../server/settings.ts';
import { benchAnnounce } from './bench-announce.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const env = process.env;
const SECONDS = Number(env.BENCH_SECONDS ?? 10);
const CONNECTIONS = (env.BENCH_CONNECTIONS ?? '50,200').split(',').map(Number);
const RAW_SECONDS = Math.min(SECONDS, 5);
const BUDGET = { ratio: 0.6, p99Ms: 100, p99AtConnections: 50 };

interface Row {
  database: string;
  connections: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  raw: number;
}

/** Sequential single-row inserts in autocommit on one connection, as fast as the database goes. */
async function rawInsertRate(db: Db): Promise<number> {
  const sql = `insert into public.${SIGNUP_TABLE} (email, first_name) values ($1, $2)`;
  const stamp = Date.now().toString(36);
  let n = 0;
  const started = performance.now();
  const end = started + RAW_SECONDS * 1000;
  while (performance.now() < end) {
    for (let i = 0; i < 50; i++) await db.query(sql, [`raw${n++}.${stamp}@bench.example`, 'Raw']);
  }
  return n / ((performance.now() - started) / 1000);
}

async function startServer(
  extraEnv: Record<string, string>,
  dir: string,
): Promise<{ child: ChildProcess; origin: string }> {
  const logPath = join(dir, 'server.log');
  const log = openSync(logPath, 'w');
  const childEnv: Record<string, string | undefined> = {
    ...env,
    DATABASE_URL: undefined,
    ...extraEnv,
  };
  const child = spawn(process.execPath, ['server/index.ts'], {
    cwd: ROOT,
    env: { ...childEnv, PORT: '0', HOST: '127.0.0.1', SIGNUP_RATE_LIMIT: '0' } as NodeJS.ProcessEnv,
    stdio: ['ignore', log, log], // a file, so the bench process spends nothing on the log
  });
  for (let i = 0; i < 600; i++) {
    const match = /Server ready at http:\/\/[^:]+:(\d+)\//.exec(readFileSync(logPath, 'utf8'));
    if (match) return { child, origin: `http://127.0.0.1:${match[1]}` };
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start:\n${readFileSync(logPath, 'utf8')}`);
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const WARMUP_SECONDS = 2;

async function load(origin: string, connections: number) {
  // Unmeasured warm-up first: JIT, prepared statements, connection set-up.
  await fire(origin, connections, WARMUP_SECONDS, 'warm');
  const result = await fire(origin, connections, SECONDS, String(connections));
  return {
    perSecond: result['2xx'] / (result.duration || SECONDS),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** One server on one database, loaded at each connection count in turn. */
async function measureServer(
  database: string,
  raw: number,
  env: Record<string, string>,
  dir: string,
): Promise<Row[]> {
  const { child, origin } = await startServer(env, dir);
  try {
    const rows: Row[] = [];
    for (const connections of CONNECTIONS)
      rows.push({ database, connections, raw, ...(await load(origin, connections)) });
    return rows;
  } finally {
    await stopServer(child);
  }
}

/** Unique emails: autocannon puts a fresh id in place of [<id>] in every request. */
function fire(origin: string, connections: number, seconds: number, tag: string) {
  return autocannon({
    url: `${origin}/rest/v1/${SIGNUP_TABLE}`,
    connections,
    duration: seconds,
    idReplacement: true,
    requests: [
      {
        method: 'POST',
        headers: {
          apikey: LOCAL_ANON_KEY,
          authorization: `Bearer ${LOCAL_ANON_KEY}`,
          'content-type': 'application/json',
          'content-profile': 'public',
        },
        body: JSON.stringify({ email: `u[<id>]-${tag}@bench.example`, first_name: 'Bench' }),
      },
    ],
  });
}

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
  const header = [
    'database',
    'connections',
    'sign-ups/s',
    'p50 ms',
    'p99 ms',
    'errors',
    'raw inserts/s',
    'ratio',
  ];
  const lines = rows.map((r) => [
    r.database,
    String(r.connections),
    r.perSecond.toFixed(0),
    String(r.p50),
    String(r.p99),
    String(r.errors),
    r.raw.toFixed(0),
    `${((r.perSecond / r.raw) * 100).toFixed(0)}%`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells: string[]) =>
    '| ' + cells.map((c, i) => c.padEnd(widths[i])).join(' | ') + ' |';
  console.log(
    `\nNode ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${SECONDS} s per run\n`,
  );
  console.log(fmt(header));
  console.log('|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|');
  for (const line of lines) console.log(fmt(line));

  const missed: string[] = [];
  for (const r of rows) {
    if (r.errors > 0) missed.push(`${r.database} at ${r.connections}: ${r.errors} errors`);
    if (r.database.startsWith('embedded') && r.perSecond < BUDGET.ratio * r.raw) {
      missed.push(
        `${r.database} at ${r.connections}: ${((r.perSecond / r.raw) * 100).toFixed(0)}% of raw, budget ${BUDGET.ratio * 100}%`,
      );
    }
    if (r.connections === BUDGET.p99AtConnections && r.p99 >= BUDGET.p99Ms) {
      missed.push(
        `${r.database} at ${r.connections}: p99 ${r.p99} ms, budget < ${BUDGET.p99Ms} ms`,
      );
    }
  }
  return missed;
}

const databaseUrl = loadSettings(env).databaseUrl;
const rows: Row[] = [];
await benchEmbedded(rows);
if (databaseUrl) await benchPostgres(rows, databaseUrl);
const missed = report(rows);
missed.push(...(await benchAnnounce()));
if (missed.length) {
  console.log('\nBudget missed:\n  ' + missed.join('\n  '));
  process.exit(1);
}
console.log('\nAll budgets held.');
