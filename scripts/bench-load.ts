// The bench's two measurements: the database's raw insert rate, and sign-ups through the real
// server under autocannon load (the headers supabase-js sends, a unique email per request).
import { join } from 'node:path';
import autocannon from 'autocannon';
import { LOCAL_ANON_KEY, SIGNUP_TABLE } from '../src/lib/signup-contract.ts';
import type { Db } from '../server/db/types.ts';
import { BENCH_BUDGET } from '../test-support/budgets.ts';
import { startServer } from '../test-support/server-process.ts';

const env = process.env;
export const SECONDS = Number(env.BENCH_SECONDS ?? 10);
const CONNECTIONS = (env.BENCH_CONNECTIONS ?? '50,200').split(',').map(Number);
const RAW_SECONDS = Math.min(SECONDS, 5);

export interface Row {
  database: string;
  connections: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  raw: number;
}

/**
 * A row against the sign-up budgets, for the table's verdicts and the picture alike: true over,
 * false within, null where that budget does not apply (the share of raw inserts is the embedded
 * database's budget; p99 is judged at one number of connections).
 */
export const signupOver = (r: Row) => ({
  share: r.database.startsWith('embedded') ? r.perSecond < BENCH_BUDGET.ratio * r.raw : null,
  p99: r.connections === BENCH_BUDGET.p99AtConnections ? r.p99 >= BENCH_BUDGET.p99Ms : null,
});

/** Sequential single-row inserts in autocommit on one connection, as fast as the database goes. */
export async function rawInsertRate(db: Db): Promise<number> {
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
export async function measureServer(
  database: string,
  raw: number,
  env: Record<string, string>,
  dir: string,
): Promise<Row[]> {
  const server = await startServer(env, {
    log: { file: join(dir, 'server.log') },
    timeoutMs: 120_000,
  });
  const { origin } = server;
  try {
    const rows: Row[] = [];
    for (const connections of CONNECTIONS)
      rows.push({ database, connections, raw, ...(await load(origin, connections)) });
    return rows;
  } finally {
    await server.stop();
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
