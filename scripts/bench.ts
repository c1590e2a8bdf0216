// `npm run bench`: sign-ups per second through the real server under autocannon load (the headers
// supabase-js sends, a unique email per request), on the embedded database and, when DATABASE_URL
// is given, on PostgreSQL (in a fresh database created in that cluster and dropped after), each
// against the same database's raw single-row insert rate. Then the hostile soak (bench-soak.ts)
// and the launch mail against a bare pool (bench-announce.ts). Prints autocannon's own tables and
// one line per figure; exits 1 when a budget (test-support/budgets.ts) is missed.
//   BENCH_SECONDS=10 (per run)  BENCH_CONNECTIONS=50,200
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { migrate } from '../platform/db/migrate.ts';
import { openPglite } from '../platform/db/pglite.ts';
import { openPostgres } from '../platform/db/postgres.ts';
import type { Db } from '../platform/db/types.ts';
import { loadSettings } from '../platform/settings.ts';
import { LOCAL_ANON_KEY, SIGNUP_TABLE } from '../src/lib/signup-contract.ts';
import { BENCH_BUDGET as BUDGET, reportBudgets } from '../test-support/budgets.ts';
import { startServer } from '../test-support/server-process.ts';
import { benchAnnounce } from './bench-announce.ts';
import { soak } from './bench-soak.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '50,200').split(',').map(Number);

/** Sequential single-row inserts in autocommit on one connection, as fast as the database goes. */
async function rawInsertRate(db: Db): Promise<number> {
  const sql = `insert into public.${SIGNUP_TABLE} (email, first_name) values ($1, $2)`;
  let n = 0;
  const started = performance.now();
  while (performance.now() - started < Math.min(SECONDS, 5) * 1000)
    await db.query(sql, [`raw${n++}@bench.example`, 'Raw']);
  return n / ((performance.now() - started) / 1000);
}

/** autocannon puts a fresh id in place of [<id>] in every request: a unique email each. */
const fire = (origin: string, connections: number, duration: number, tag: string) =>
  autocannon({
    url: `${origin}/rest/v1/${SIGNUP_TABLE}`,
    connections,
    duration,
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

/** One server on one database, loaded at each connection count in turn; returns the misses. */
async function measureServer(label: string, raw: number, env: Record<string, string>, dir: string) {
  const server = await startServer(env, {
    log: { file: join(dir, 'server.log') },
    timeoutMs: 120_000,
  });
  const missed: string[] = [];
  try {
    for (const connections of CONNECTIONS) {
      await fire(server.origin, connections, 2, `warm${connections}`); // JIT, prepared statements
      const result = await fire(server.origin, connections, SECONDS, String(connections));
      const perSecond = result['2xx'] / result.duration;
      const errors = result.errors + result.timeouts + result.non2xx;
      const at = `${label}, ${connections} connections`;
      console.log(`\n${at}:${autocannon.printResult(result)}`);
      console.log(
        `${at}: ${perSecond.toFixed(0)} sign-ups/s, ${((perSecond / raw) * 100).toFixed(0)}% of ` +
          `${raw.toFixed(0)} raw inserts/s; p99 ${result.latency.p99} ms; ${errors} errors`,
      );
      if (errors > 0) missed.push(`${at}: ${errors} errors`);
      if (label.startsWith('embedded') && perSecond < BUDGET.ratio * raw)
        missed.push(`${at}: under ${BUDGET.ratio * 100}% of the raw insert rate`);
      if (connections === BUDGET.p99AtConnections && result.latency.p99 >= BUDGET.p99Ms)
        missed.push(`${at}: p99 ${result.latency.p99} ms, budget < ${BUDGET.p99Ms} ms`);
    }
  } finally {
    await server.stop();
  }
  return missed;
}

async function benchEmbedded() {
  const dir = mkdtempSync(join(tmpdir(), 'tedx-bench-'));
  try {
    const rawDb = await openPglite({ dataDir: join(dir, 'raw') }); // same engine, same disk
    await migrate(rawDb);
    const raw = await rawInsertRate(rawDb);
    await rawDb.close();
    return await measureServer('embedded (PGlite)', raw, { DATA_DIR: join(dir, 'server') }, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function benchPostgres(adminUrl: string) {
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
    return await measureServer('PostgreSQL', raw, env, dir);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(`Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}`);
const databaseUrl = loadSettings(process.env).databaseUrl;
const missed = await benchEmbedded();
if (databaseUrl) missed.push(...(await benchPostgres(databaseUrl)));
missed.push(...(await soak()));
missed.push(...(await benchAnnounce()));
reportBudgets(missed);
