// A stranger's input costs what its size costs (issue 32): the longest URL, header and body the
// server accepts, sent to each anonymous route over a real socket, cost a small multiple of a
// short request to the same route, measured in the same run. Anything that parses request data
// in more than linear time (a backtracking regular expression over the path, say) fails here: an
// 8 KB path through a quadratic redaction costs tens of milliseconds against well under one.
import { serve } from '@hono/node-server';
import { Agent, request } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY, SIGNUP_TABLE } from '../common/signup-contract.ts';
import { pgliteDatabase } from '../test-support/databases.ts';
import { createApp } from './app.ts';
import type { Db } from '../platform/db/types.ts';
import { SERVER_LIMITS } from './limits.ts';

/** Runs of each request; the fastest of each is compared: a busy machine only ever adds time, so
 * the fastest run is the request's own cost. */
const RUNS = 15;
/** The long request may cost this many times the short one, plus a millisecond of slack for
 * sub-millisecond answers on a shared machine; a quadratic path misses it by an order of size. */
const RATIO = 4;
const SLACK_MS = 1;
/** Room in the header block for the request line's method and the few other headers sent. */
const HEADER_ROOM = 600;
const HEADER_LIMIT = SERVER_LIMITS.maxHeaderSize ?? 16 * 1024;
/** The REST body limit (server/rest/body.ts). */
const BODY_LIMIT = 8 * 1024;

let db: Db;
let server: Server;
let port: number;
let distDir: string;
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

beforeAll(async () => {
  db = await pgliteDatabase.open();
  distDir = mkdtempSync(join(tmpdir(), 'tedx-long-input-'));
  mkdirSync(join(distDir, '_astro'));
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Home</title><p>Hello</p>');
  writeFileSync(join(distDir, '404.html'), '<!doctype html><title>Not found</title>');
  writeFileSync(join(distDir, '_astro', 'app.js'), 'console.log(1);\n');
  const app = createApp({
    db,
    settings: {
      anonKey: LOCAL_ANON_KEY,
      serviceRoleKey: 'sb_secret_long-input-test-key-0123456789',
      signupRateLimit: 0,
      requestRateLimit: 0,
      trustProxy: ['127.0.0.1'],
    },
    distDir,
    // The log line is built on every request, as in the real server.
    log: () => {},
  });
  server = serve({
    fetch: app.fetch,
    port: 0,
    hostname: '127.0.0.1',
    serverOptions: SERVER_LIMITS,
  }) as Server;
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
}, 60_000);

afterAll(async () => {
  agent.destroy();
  await new Promise((resolve) => server?.close(resolve));
  await db?.close();
  rmSync(distDir, { recursive: true, force: true });
});

interface Sent {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** One request on the kept-alive socket; resolves with its status and wall time in ms. */
function send({ method = 'GET', path, headers = {}, body }: Sent) {
  return new Promise<{ status: number; ms: number }>((resolve, reject) => {
    const started = performance.now();
    const req = request({ host: '127.0.0.1', port, agent, method, path, headers }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

const filler = (length: number) => 'a'.repeat(length);
/** As much URL as the header limit leaves after `base`. */
const longUrl = (base: string) => base + filler(HEADER_LIMIT - HEADER_ROOM - base.length);
/** One forwarded-for list as long as the header limit allows: every entry is parsed. */
const longForwardedFor = () => {
  const entries: string[] = [];
  for (let i = 0; entries.join(', ').length < HEADER_LIMIT - HEADER_ROOM - 20; i++)
    entries.push(`10.${(i >> 8) & 255}.${i & 255}.${i % 200}`);
  return entries.join(', ');
};

const rest = {
  apikey: LOCAL_ANON_KEY,
  Authorization: `Bearer ${LOCAL_ANON_KEY}`,
  'Content-Type': 'application/json',
};
const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
const TOKEN = '6f1c1c4e-7c43-4b59-a0b1-7d6c2f3f3b6a';
let n = 0;
/** A new address each time, so an accepted sign-up is not a duplicate. */
const email = () => `long${n++}@example.org`;

interface Route {
  name: string;
  short: () => Sent;
  long: Record<string, () => Sent>;
}

const ROUTES: Route[] = [
  {
    name: 'GET /',
    short: () => ({ path: '/' }),
    long: {
      url: () => ({ path: longUrl('/?q=') }),
      header: () => ({ path: '/', headers: { 'X-Forwarded-For': longForwardedFor() } }),
    },
  },
  {
    name: 'GET a static asset',
    short: () => ({ path: '/_astro/app.js' }),
    long: {
      url: () => ({ path: longUrl('/_astro/app.js?v=') }),
      header: () => ({ path: '/_astro/app.js', headers: { Cookie: `a=${filler(7_000)}` } }),
    },
  },
  {
    name: 'GET a missing path',
    short: () => ({ path: '/nothing-here' }),
    long: {
      url: () => ({ path: longUrl('/') }),
      segments: () => ({ path: longUrl('/a/').replace(/a{40}/g, (m) => m.slice(1) + '/') }),
      header: () => ({ path: '/nothing-here', headers: { 'X-Forwarded-For': longForwardedFor() } }),
    },
  },
  {
    name: 'GET /healthz',
    short: () => ({ path: '/healthz' }),
    long: {
      url: () => ({ path: longUrl('/healthz?') }),
      header: () => ({ path: '/healthz', headers: { 'X-Forwarded-For': longForwardedFor() } }),
    },
  },
  {
    name: `POST /rest/v1/${SIGNUP_TABLE}`,
    short: () => ({
      method: 'POST',
      path: `/rest/v1/${SIGNUP_TABLE}`,
      headers: rest,
      body: JSON.stringify({ email: email() }),
    }),
    long: {
      url: () => ({
        method: 'POST',
        path: longUrl(`/rest/v1/${SIGNUP_TABLE}?x=`),
        headers: rest,
        body: JSON.stringify({ email: email() }),
      }),
      header: () => ({
        method: 'POST',
        path: `/rest/v1/${SIGNUP_TABLE}`,
        headers: { ...rest, 'X-Forwarded-For': longForwardedFor() },
        body: JSON.stringify({ email: email() }),
      }),
      body: () => ({
        method: 'POST',
        path: `/rest/v1/${SIGNUP_TABLE}`,
        headers: rest,
        body: JSON.stringify({ email: email(), first_name: filler(BODY_LIMIT - 100) }),
      }),
      authorization: () => ({
        method: 'POST',
        path: `/rest/v1/${SIGNUP_TABLE}`,
        headers: { ...rest, Authorization: `Bearer ${filler(7_000)} x` },
        body: JSON.stringify({ email: email() }),
      }),
      email: () => ({
        method: 'POST',
        path: `/rest/v1/${SIGNUP_TABLE}`,
        headers: rest,
        body: JSON.stringify({ email: `${filler(BODY_LIMIT - 100)}@example.org` }),
      }),
      prefer: () => ({
        method: 'POST',
        path: `/rest/v1/${SIGNUP_TABLE}`,
        headers: { ...rest, Prefer: `return=minimal${', '.repeat(HEADER_LIMIT / 2 - 500)}x` },
        body: JSON.stringify({ email: email() }),
      }),
    },
  },
  {
    name: 'POST /rest/v1/rpc/signup_form',
    short: () => ({
      method: 'POST',
      path: `/rest/v1/rpc/signup_form?apikey=${LOCAL_ANON_KEY}`,
      headers: form,
      body: `email=${email()}`,
    }),
    long: {
      url: () => ({
        method: 'POST',
        path: longUrl(`/rest/v1/rpc/signup_form?apikey=${LOCAL_ANON_KEY}&x=`),
        headers: form,
        body: `email=${email()}`,
      }),
      body: () => ({
        method: 'POST',
        path: `/rest/v1/rpc/signup_form?apikey=${LOCAL_ANON_KEY}`,
        headers: form,
        body: `email=${email()}&first_name=${filler(BODY_LIMIT - 100)}`,
      }),
      // The form's function reads both with Postgres regular expressions.
      referer: () => ({
        method: 'POST',
        path: `/rest/v1/rpc/signup_form?apikey=${LOCAL_ANON_KEY}`,
        headers: { ...form, Referer: longUrl('https://x.org/?utm_source=') },
        body: `email=${email()}`,
      }),
      origin: () => ({
        method: 'POST',
        path: `/rest/v1/rpc/signup_form?apikey=${LOCAL_ANON_KEY}`,
        headers: { ...form, Origin: `${longUrl('http://')}!` },
        body: `email=${email()}`,
      }),
    },
  },
  {
    name: 'GET /unsubscribe',
    short: () => ({ path: `/unsubscribe?token=${TOKEN}` }),
    long: {
      url: () => ({ path: longUrl(`/unsubscribe?token=${TOKEN}`) }),
      header: () => ({
        path: `/unsubscribe?token=${TOKEN}`,
        headers: { 'X-Forwarded-For': longForwardedFor() },
      }),
    },
  },
  {
    name: 'POST /unsubscribe',
    short: () => ({ method: 'POST', path: `/unsubscribe?token=${TOKEN}`, headers: form }),
    long: {
      url: () => ({ method: 'POST', path: longUrl(`/unsubscribe?token=`), headers: form }),
      body: () => ({
        method: 'POST',
        path: `/unsubscribe?token=${TOKEN}`,
        headers: form,
        body: `List-Unsubscribe=One-Click&${filler(BODY_LIMIT)}`,
      }),
    },
  },
  {
    name: 'POST /your-data',
    short: () => ({
      method: 'POST',
      path: `/your-data?token=${TOKEN}`,
      headers: form,
      body: 'action=download',
    }),
    long: {
      url: () => ({ method: 'POST', path: longUrl(`/your-data?token=`), headers: form }),
      // Past the form's limit: read no further than it.
      body: () => ({
        method: 'POST',
        path: `/your-data?token=${TOKEN}`,
        headers: form,
        body: `action=name&first_name=${filler(BODY_LIMIT)}`,
      }),
    },
  },
];

describe('the longest request the server accepts', () => {
  for (const route of ROUTES) {
    it(`costs ${route.name} a small multiple of a short one`, async () => {
      for (const [kind, long] of Object.entries(route.long)) {
        const short: number[] = [];
        const slow: number[] = [];
        // Warm up both shapes, then alternate, so drift on a shared machine hits both alike.
        await send(route.short());
        const first = await send(long());
        // Accepted: not refused as too long before any of our code ran.
        expect(first.status, `${route.name} ${kind}`).not.toBe(431);
        expect(first.status, `${route.name} ${kind}`).not.toBe(414);
        for (let i = 0; i < RUNS; i++) {
          short.push((await send(route.short())).ms);
          slow.push((await send(long())).ms);
        }
        const [a, b] = [Math.min(...short), Math.min(...slow)];
        expect(b, `${route.name} ${kind}: ${b.toFixed(2)} ms vs ${a.toFixed(2)} ms`).toBeLessThan(
          RATIO * a + SLACK_MS,
        );
      }
    }, 120_000);
  }
});
