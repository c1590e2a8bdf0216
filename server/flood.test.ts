// The real server process against a flood from many addresses (issue 27): 10,500 distinct
// loopback source addresses (127.x.y.z, each its own TCP connection) overfill the request
// limiter's table, then an address the flood never used still signs up; and one client cannot
// hold every connection. The flood asks for a table that does not exist: the limiter counts such
// a request before anything else (server/rest/routes.ts) and no SQL runs for it, so the flood
// costs what the limiter does (the sign-up budget in the database is held per key, in rows,
// and server/signup-budget.test.ts floods it).
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOCAL_ANON_KEY, SIGNUP_TABLE } from '../common/signup-contract.ts';
import { serverOnPglite, type PgliteServer } from '../test-support/databases.ts';
import { networks } from './client-address.ts';
import { MAX_CONNECTIONS_PER_CLIENT } from './limits.ts';
import { MAX_TRACKED } from './rest/rate-limit.ts';

/** Enough addresses to overfill the request limiter's table by 500 clients, and no more: each
 * IPv4 client is counted under two keys, its own and its /24's (client-address.ts networks()). */
const FLOOD = Math.ceil(MAX_TRACKED / networks('127.1.0.1').length) + 500;
/** Requests in flight at once: enough to be quick, few enough for two shared cores. */
const PARALLEL = 24;
/** A table that is not there: answered 404 once the limiter has counted the request. */
const NO_TABLE = 'not_the_list';

let server: PgliteServer;
beforeAll(async () => {
  server = await serverOnPglite({ SIGNUP_RATE_LIMIT: '1', REQUEST_RATE_LIMIT: '2' });
}, 60_000);
afterAll(() => server?.dispose());

/** The n-th flood address, each in a /24 of its own (the addresses of one /24 share its budget):
 * 127.1.0.1 onwards, never 127.0.0.1 nor the newcomer's. */
const floodAddress = (n: number) => `127.${1 + (n >> 8)}.${n & 255}.1`;

/** One insert on a connection of its own from `localAddress`; resolves with the status. */
function postFrom(localAddress: string, email: string, table = SIGNUP_TABLE): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ email });
    const req = request(
      {
        host: '127.0.0.1',
        port: server.port,
        localAddress,
        agent: false,
        method: 'POST',
        path: `/rest/v1/${table}`,
        headers: {
          apikey: LOCAL_ANON_KEY,
          Authorization: `Bearer ${LOCAL_ANON_KEY}`,
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('a flood from many addresses', () => {
  it(`never spends the budget of an address it did not use (${FLOOD} flood addresses)`, async () => {
    const statuses = new Map<number, number>();
    let next = 0;
    const worker = async () => {
      while (next < FLOOD) {
        const n = next++;
        const status = await postFrom(floodAddress(n), `flood${n}@example.org`, NO_TABLE);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    // Each flood address had a budget of its own: none was refused for the others.
    expect(Object.fromEntries(statuses)).toEqual({ 404: FLOOD });
    const twice = async (n: number) => [
      await postFrom(floodAddress(n), 'again@example.org', NO_TABLE),
      await postFrom(floodAddress(n), 'again@example.org', NO_TABLE),
    ];
    // The latest addresses are still counted: one request of their two left.
    for (const n of [FLOOD - 1, FLOOD - 2, FLOOD - 1000])
      expect(await twice(n)).toEqual([404, 429]);
    // The table holds 20,000 keys: the longest-known made room, so the first address starts again.
    expect(await twice(0)).toEqual([404, 404]);
    // An address the flood never used signs up.
    expect(await postFrom('127.200.0.1', 'newcomer@example.org')).toBe(201);
  }, 120_000);
});

describe('connections held by one client', () => {
  const open = (localAddress: string) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port: server.port, localAddress }, () =>
        resolve(socket),
      );
      socket.on('error', reject);
    });
  /** Resolves true when the server closes the socket within `ms` having sent nothing. */
  const closedUnanswered = (socket: Socket, ms: number) =>
    new Promise<boolean>((resolve) => {
      let answered = false;
      socket.on('data', () => (answered = true));
      socket.on('error', () => {});
      socket.on('close', () => resolve(!answered));
      setTimeout(() => resolve(false), ms);
    });
  const healthFrom = (localAddress: string) =>
    new Promise<number>((resolve, reject) => {
      request(
        { host: '127.0.0.1', port: server.port, localAddress, agent: false, path: '/healthz' },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      )
        .on('error', reject)
        .end();
    });

  it(`closes a connection beyond ${MAX_CONNECTIONS_PER_CLIENT} from one address; others are served`, async () => {
    const held: Socket[] = [];
    try {
      for (let i = 0; i < MAX_CONNECTIONS_PER_CLIENT; i++) held.push(await open('127.250.0.1'));
      // The server has accepted them all (its own count is what the cap reads): it accepts in
      // order, and has answered on the last one.
      const last = held[held.length - 1];
      last.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
      await new Promise((resolve) => last.once('data', resolve));
      const extra = await open('127.250.0.1');
      extra.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
      expect(await closedUnanswered(extra, 5_000)).toBe(true);
      expect(await healthFrom('127.250.0.2')).toBe(200);
      // The client's own connections still work: it is capped, not banned.
      held[0].write('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      const answer = await new Promise<string>((resolve) => {
        let text = '';
        held[0].on('data', (chunk) => (text += chunk.toString()));
        held[0].on('close', () => resolve(text));
      });
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    } finally {
      for (const socket of held) socket.destroy();
    }
    // Once the server has seen them close, the same address is served again.
    await vi.waitFor(async () => expect(await healthFrom('127.250.0.1')).toBe(200), {
      timeout: 10_000,
      interval: 100,
    });
  }, 60_000);
});
