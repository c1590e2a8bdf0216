// The hostile soak (run by `npm run bench`, or alone: node scripts/bench-soak.ts): the real
// server on loopback takes SOAK_REQUESTS (100,000) hostile requests while an honest client signs
// up at a steady rate through a trusted proxy address. Budgets: the server's resident memory grows
// by less than 50 MB; the honest client sees no error; every hostile request is answered 4xx or
// has its connection closed. Bounded in count and time; nothing leaves 127.0.0.0/8.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCAL_ANON_KEY, SIGNUP_TABLE } from '../src/lib/signup-contract.ts';
import { reportBudgets, SOAK_BUDGET } from '../test-support/budgets.ts';
import { seedPgliteDir } from '../test-support/databases.ts';
import { startServer } from '../test-support/server-process.ts';

const TOTAL = Number(process.env.SOAK_REQUESTS ?? 100_000);
const HONEST_PER_SECOND = 20;
const WORKERS = 32;
const SLOW_CLIENTS = 200; // of TOTAL: held open with trickled headers until the server drops them
/** On a quiet two-core machine 100,000 take a minute or two; a busy one, many times that. */
const HARD_LIMIT_MS = 20 * 60_000;
/** The share of the hostile requests sent before "before" is measured. */
const WARM_UP_SHARE = 0.25;

/** The proxy the honest client comes through; the hostile ones use 127.0.1.x. */
const PROXY = '127.0.0.3';

type Outcome = '4xx' | 'closed' | 'other';
interface Answer {
  status: number | null; // null: the connection was closed or reset
  ms: number;
}

function send(
  origin: URL,
  options: {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    localAddress: string;
    agent: Agent | false;
    /** Send again once when a reused keep-alive connection turns out closed (honest client). */
    retry?: boolean;
  },
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(
      {
        host: origin.hostname,
        port: origin.port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers,
        localAddress: options.localAddress,
        agent: options.agent,
        timeout: 30_000,
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? null, ms: performance.now() - started }),
        );
        res.on('error', () => resolve({ status: null, ms: performance.now() - started }));
      },
    );
    req.on('error', () => {
      // A keep-alive connection the server closed as this request went out (the race every
      // HTTP client meets): a browser sends again on a new connection, and so does this client.
      if (req.reusedSocket && options.retry) {
        void send(origin, { ...options, retry: false }).then(resolve);
      } else resolve({ status: null, ms: performance.now() - started });
    });
    req.on('timeout', () => req.destroy());
    req.end(options.body);
  });
}

/** Opens a connection and trickles header lines until the server closes it. */
function slowClient(origin: URL, localAddress: string): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = connect({ host: origin.hostname, port: Number(origin.port), localAddress });
    let answer = '';
    let drip: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      socket.write(`GET /rest/v1/${SIGNUP_TABLE} HTTP/1.1\r\nHost: x\r\n`);
      drip = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 1_000);
    });
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(drip);
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1];
      resolve({ status: status ? Number(status) : null, ms: performance.now() - started });
    });
    setTimeout(() => socket.destroy(), 60_000).unref();
  });
}

/** The process's resident memory now (VmRSS) or its peak since it started (VmHWM), in MB. */
const rssMb = (pid: number, field = 'VmRSS') =>
  Number(
    new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0,
  ) / 1024;

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;

const anon = { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${LOCAL_ANON_KEY}` };
const table = `/rest/v1/${SIGNUP_TABLE}`;

type Hostile = Pick<Parameters<typeof send>[1], 'method' | 'path' | 'headers' | 'body'> & {
  /** On a connection of its own, not the worker's keep-alive ones. */
  alone?: boolean;
};
const json = { ...anon, 'content-type': 'application/json' };
const BULK = Buffer.alloc(256 * 1024, 0x20);

/** The i-th hostile request: every kind the issue names, in turn. */
function hostile(i: number): Hostile {
  const unique = `${i.toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  switch (i % 7) {
    case 0: // a different long order each time, and a limit that is not a number
      return {
        path: `${table}?order=email.desc,created_at.asc,id.desc.${unique}&limit=x${unique}`,
        headers: anon,
      };
    case 1: // a different order the grants then refuse (anon may not read)
      return {
        path: `${table}?select=email,id&order=${['email', 'id', 'created_at', 'first_name'][i % 4]}.desc&offset=${i}`,
        headers: anon,
      };
    case 2: // oversized headers
      return { path: table, headers: { ...anon, 'x-padding': 'p'.repeat(20_000) }, alone: true };
    case 3: // a bulk body
      return { method: 'POST', path: table, headers: json, body: BULK, alone: true };
    case 4: // a wrong key
      return { path: table, headers: { apikey: `sb_publishable_${unique.padEnd(30, 'x')}` } };
    case 5: // a forged X-Forwarded-For, new each time, to dodge the per-address limit
      return {
        path: `${table}?select=*`,
        headers: {
          ...anon,
          'x-forwarded-for': `10.${i & 255}.${(i >> 8) & 255}.${(i >> 16) & 255}`,
        },
      };
    default: // a function call it may not make, and an unsubscribe with a token that is not one
      return i % 2
        ? {
            method: 'POST',
            path: `/rest/v1/rpc/tedxcommunity_announce_next_${unique}`,
            headers: json,
            body: '{}',
          }
        : { path: `/unsubscribe?token=${unique}` };
  }
}

/** Runs the soak, prints its figures, and returns the budgets missed. */
export async function soak(): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'tedx-soak-'));
  await seedPgliteDir(dir);
  const server = await startServer(
    {
      DATA_DIR: dir,
      TRUST_PROXY: PROXY,
      // The defaults a deployment runs with, not the tests' "off".
      SIGNUP_RATE_LIMIT: '',
      REQUEST_RATE_LIMIT: '',
    },
    { log: { file: join(dir, 'server.log') }, timeoutMs: 120_000 },
  );
  const origin = new URL(server.origin);
  const pid = server.child.pid ?? 0;
  const deadline = Date.now() + HARD_LIMIT_MS;
  try {
    const honestAgent = new Agent({ keepAlive: true, maxSockets: 8 });
    let n = 0;
    const signUp = () =>
      send(origin, {
        method: 'POST',
        path: table,
        headers: { ...json, 'x-forwarded-for': `198.51.100.${(n % 200) + 1}` },
        body: JSON.stringify({ email: `honest${n++}@soak.example`, first_name: 'Honest' }),
        localAddress: PROXY,
        agent: honestAgent,
        retry: true,
      });
    const honestAnswers: Answer[] = [];
    const honestInFlight: Promise<void>[] = [];
    const honestTimer = setInterval(() => {
      honestInFlight.push(signUp().then((a) => void honestAnswers.push(a)));
    }, 1000 / HONEST_PER_SECOND);
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 3_000));

    const hostileOutcomes: Record<Outcome, number> = { '4xx': 0, closed: 0, other: 0 };
    const statuses: Record<string, number> = {};
    const record = (a: Answer) => {
      const key = a.status === null ? 'closed' : String(a.status);
      statuses[key] = (statuses[key] ?? 0) + 1;
      if (a.status === null) hostileOutcomes.closed++;
      else if (a.status >= 400 && a.status < 500) hostileOutcomes['4xx']++;
      else hostileOutcomes.other++;
    };
    let next = 0;
    const agents = Array.from(
      { length: WORKERS },
      () => new Agent({ keepAlive: true, maxSockets: 2 }),
    );
    // Each worker a client of its own on 127.0.1.x, with its own keep-alive connections.
    const runUntil = (end: number) =>
      Promise.all(
        agents.map(async (agent, w) => {
          const localAddress = `127.0.1.${(w % 250) + 1}`;
          while (next < end && Date.now() < deadline) {
            const { alone, ...req } = hostile(next++);
            record(await send(origin, { ...req, localAddress, agent: alone ? false : agent }));
          }
        }),
      );
    /** Resident memory once the garbage collector has had a quiet moment: the lowest of 5 s. */
    const settled = async () => {
      const seen: number[] = [];
      for (let i = 0; i < 5; i++) {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        seen.push(rssMb(pid));
      }
      return Math.min(...seen);
    };

    // Warm-up: a quarter of the hostile requests, so "before" is a server in its working state
    // (heap grown to its size, statements prepared, the database's pages in memory), not a fresh
    // process; a leak shows as growth over the other three quarters.
    const budget = TOTAL - SLOW_CLIENTS;
    await runUntil(Math.floor(budget * WARM_UP_SHARE));
    const rssBefore = await settled();
    const slow = Array.from({ length: SLOW_CLIENTS }, (_, i) =>
      slowClient(origin, `127.0.2.${(i % 250) + 1}`).then(record),
    );
    await Promise.all([runUntil(budget), ...slow]);
    for (const agent of agents) agent.destroy();
    clearInterval(honestTimer);
    await Promise.all(honestInFlight);
    honestAgent.destroy();
    const seconds = (performance.now() - started) / 1000;
    const rssAfter = await settled();
    const rssPeak = rssMb(pid, 'VmHWM'); // the kernel's own peak: start-up included

    const latencies = honestAnswers.map((a) => a.ms).sort((a, b) => a - b);
    const failed = honestAnswers.filter((a) => a.status !== 201);
    const total = hostileOutcomes['4xx'] + hostileOutcomes.closed + hostileOutcomes.other;
    const counts = Object.entries(statuses)
      .sort()
      .map(([k, v]) => `${k}: ${v}`);
    const growth = rssAfter - rssBefore;
    console.log(`\nHostile soak: ${total} hostile requests in ${seconds.toFixed(0)} s`);
    console.log(
      `  answers: ${hostileOutcomes.other} other than 4xx or closed (${counts.join(', ')})`,
    );
    console.log(
      `  server RSS: ${rssBefore.toFixed(0)} MB after a quarter of them, ${rssAfter.toFixed(0)} MB ` +
        `after all (${growth.toFixed(0)} MB growth; peak ${rssPeak.toFixed(0)} MB)`,
    );
    console.log(
      `  honest client: ${honestAnswers.length} sign-ups at ${HONEST_PER_SECOND}/s, p50 ` +
        `${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms, ` +
        `errors: ${failed.map((a) => `${a.status ?? 'closed'} after ${a.ms.toFixed(0)} ms`).join(', ') || 'none'}`,
    );
    const missed: string[] = [];
    if (total < TOTAL)
      missed.push(`soak: only ${total} of ${TOTAL} hostile requests in the time limit`);
    if (growth >= SOAK_BUDGET.rssGrowthMb)
      missed.push(
        `soak: resident memory grew ${growth.toFixed(0)} MB, budget < ${SOAK_BUDGET.rssGrowthMb} MB`,
      );
    if (failed.length > 0) missed.push(`soak: the honest client had ${failed.length} errors`);
    if (hostileOutcomes.other > 0)
      missed.push(`soak: ${hostileOutcomes.other} hostile requests were answered other than 4xx`);
    return missed;
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) reportBudgets(await soak());
