// What a stranger with the public anon key can do to the server: nothing that grows its memory,
// nothing past the per-address limits, nothing by forging X-Forwarded-For. On PGlite, through
// createApp().request(); the real process's timeouts are in server.test.ts and hostile-memory.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteDatabase } from '../test-support/databases.ts';
import { ANON, clientHeaders, ENDPOINT, peer, SERVICE, testApp } from '../test-support/app.ts';
import { networks } from './client-address.ts';
import type { Db } from '../platform/db/types.ts';
import { printable } from '../common/printable.ts';
import { createRateLimiter } from './rest/rate-limit.ts';

let db: Db;
beforeAll(async () => {
  db = await pgliteDatabase.open();
});
afterAll(() => db.close());

const read = (
  app: ReturnType<typeof testApp>,
  query: string,
  key = ANON,
  env = peer('127.0.0.1'),
) => app.request(`${ENDPOINT}?${query}`, { headers: clientHeaders(key) }, env);

describe('per-address limits on every anonymous path', () => {
  it('answer refused reads, bad keys, function calls and unsubscribe 429 with Retry-After and JSON', async () => {
    const app = testApp(db, { requestRateLimit: 4 });
    const env = peer('198.51.100.7');
    const attempts = [
      () => read(app, 'select=*', ANON, env),
      () => read(app, 'select=*', 'not-a-key-at-all-0123456789', env),
      () =>
        app.request(
          'http://localhost/rest/v1/rpc/tedxcommunity_unsubscribe_known',
          { method: 'POST', headers: clientHeaders(), body: '{"token":"x"}' },
          env,
        ),
      () => app.request('http://localhost/unsubscribe?token=nope', {}, env),
    ];
    for (const attempt of attempts) expect((await attempt()).status).not.toBe(429);
    for (const attempt of attempts) {
      const res = await attempt();
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toMatchObject({ code: 'over_request_rate_limit' });
    }
    // Another address is not held back, nor is the service role.
    expect((await read(app, 'select=*', ANON, peer('198.51.100.8'))).status).toBe(401);
    expect((await read(app, 'select=*', SERVICE, env)).status).toBe(405);
  });

  it('count an IPv6 client by its /64', async () => {
    const app = testApp(db, { requestRateLimit: 2 });
    const statuses = [];
    for (const address of ['2001:db8:1:2::1', '2001:db8:1:2:aaaa::9', '2001:db8:1:2:ffff:1:2:3'])
      statuses.push((await read(app, 'select=*', ANON, peer(address))).status);
    expect(statuses).toEqual([401, 401, 429]);
    expect((await read(app, 'select=*', ANON, peer('2001:db8:1:3::1'))).status).toBe(401);
    expect(networks('2001:DB8:0001:0002::1')).toEqual([
      { key: '2001:db8:1:2::/64', clients: 1 },
      { key: '2001:db8:1::/56', clients: 2 },
      { key: '2001:db8:1::/48', clients: 4 },
    ]);
    expect(networks('::ffff:10.1.2.3')).toEqual([
      { key: '10.1.2.3', clients: 1 },
      { key: '10.1.2.0/24', clients: 4 },
    ]);
  });

  /** The i-th stranger, each in a /24 of its own (one /24's addresses share its budget). */
  const address = (i: number) => `10.${(i >> 8) & 255}.${i & 255}.1`;

  it('keep a bounded map however many addresses appear in one minute, and never share a budget', () => {
    const limiter = createRateLimiter(1, () => 1_000, 100);
    for (let i = 0; i < 10_000; i++) limiter.hit(address(i));
    expect(limiter.size).toBeLessThanOrEqual(100);
    // Past the bound, a new address still has its own budget (issue 27), and only its own.
    expect(limiter.hit('192.0.2.200')).toBeNull();
    expect(limiter.hit('192.0.2.200')).not.toBeNull();
  });

  it('keep holding back a flooding address while strangers come and go', () => {
    const limiter = createRateLimiter(3, () => 1_000, 1_000);
    for (let i = 0; i < 4; i++) limiter.hit('198.51.100.1');
    // More strangers than the table holds, each under its limit: they make room among themselves.
    for (let i = 0; i < 20_500; i++) expect(limiter.hit(address(i))).toBeNull();
    expect(limiter.size).toBeLessThanOrEqual(1_000);
    expect(limiter.hit('198.51.100.1')).not.toBeNull();
    expect(limiter.hit('203.0.113.77')).toBeNull();
  });

  it('keep counting a network that keeps sending, however many new keys a flood brings', () => {
    // A network of four clients' room sends on from new /64s while other networks' one-off
    // requests overfill the table: its own key is in use, so it is never the one that makes room.
    const limiter = createRateLimiter(10, () => 1_000, 100);
    let allowed = 0;
    for (let i = 0; i < 1_000; i++) {
      if (limiter.hit(`2001:db8:1:${i.toString(16)}::1`) === null) allowed++;
      for (let j = 0; j < 5; j++) limiter.hit(address(i * 5 + j));
    }
    expect(allowed).toBe(40);
    expect(limiter.size).toBeLessThanOrEqual(100);
  });

  it('keep the table bounded even when every tracked address is held back', () => {
    const limiter = createRateLimiter(1, () => 1_000, 100);
    for (let round = 0; round < 2; round++) for (let i = 0; i < 300; i++) limiter.hit(address(i));
    expect(limiter.size).toBeLessThanOrEqual(100);
    expect(limiter.hit('203.0.113.78')).toBeNull();
  });
});

describe('X-Forwarded-For', () => {
  const forged = (app: ReturnType<typeof testApp>, from: string, xff: string) =>
    app.request(
      `${ENDPOINT}?select=*`,
      { headers: clientHeaders(ANON, { 'X-Forwarded-For': xff }) },
      peer(from),
    );

  it('is ignored on a connection that is not from a trusted proxy', async () => {
    const app = testApp(db, { requestRateLimit: 2 });
    // One client rotating forged addresses is still one client.
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await forged(app, '203.0.113.9', `10.9.9.${i}`)).status);
    expect(statuses).toEqual([401, 401, 429]);
  });

  it('is believed from the proxy, only as a valid address, read from the right', async () => {
    const app = testApp(db, { requestRateLimit: 1 });
    // From the proxy: each forwarded client has its own budget.
    expect((await forged(app, '127.0.0.1', '192.0.2.1')).status).toBe(401);
    expect((await forged(app, '127.0.0.1', '192.0.2.2')).status).toBe(401);
    // The client's own (forged) entries left of the proxy's are not believed.
    expect((await forged(app, '127.0.0.1', '10.0.0.1, 192.0.2.1')).status).toBe(429);
    // Not an address: the proxy itself is the client (and has now spent its budget).
    expect((await forged(app, '127.0.0.1', 'not-an-ip')).status).toBe(401);
    expect((await forged(app, '127.0.0.1', '<script>')).status).toBe(429);
  });
});

describe('the request log and fatal errors', () => {
  it('never carries a control character from a request', async () => {
    const lines: string[] = [];
    const app = testApp(db, { log: (line) => lines.push(line) });
    await app.request('http://localhost/a%0d%0aFAKE%20200%0a/b');
    await app.request('http://localhost/\u001b[31mred');
    expect(lines).toHaveLength(2);
    // eslint-disable-next-line no-control-regex -- looking for control characters is the point
    for (const line of lines) expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
  });

  it('spells out controls and the bidi controls that reorder a line, and nothing else', () => {
    // A name stored before the rule, printed beside a command: the override would show
    // "remove ann@example.org" reversed after it.
    expect(printable('Ann\u202e \u2066x\u2069\u001b\u009b')).toBe(
      'Ann\\u202e \\u2066x\\u2069\\x1b\\u009b',
    );
    expect(printable('مهر\u200cناز \u200fעדי é')).toBe('مهر\u200cناز \u200fעדי é');
  });

  it('hands a fatal database error to onFatal once, and answers 500 meanwhile', async () => {
    const reasons: string[] = [];
    const full = Object.assign(new Error('could not extend file: No space left on device'), {
      code: '53100',
    });
    const broken = {
      kind: 'pglite',
      query: () => Promise.reject(full),
      transactionAs: () => Promise.reject(full),
    } as unknown as Db;
    const app = testApp(broken, { onFatal: (reason) => reasons.push(reason) });
    const post = () =>
      app.request(ENDPOINT, {
        method: 'POST',
        headers: clientHeaders(),
        body: '{"email":"a@b.co"}',
      });
    expect((await post()).status).toBeGreaterThanOrEqual(400);
    expect((await app.request('http://localhost/healthz')).status).toBe(503);
    expect(reasons).toEqual(['the database failed (SQLSTATE 53100)']);
    const aborted = new WebAssembly.RuntimeError(
      'Aborted(). Build with -sASSERTIONS for more info.',
    );
    const again: string[] = [];
    const wasm = testApp({ ...broken, query: () => Promise.reject(aborted) } as Db, {
      onFatal: (r) => again.push(r),
    });
    await wasm.request('http://localhost/healthz');
    expect(again[0]).toMatch(/^the embedded database aborted/);
  });
});

describe('Referrer-Policy on /unsubscribe', () => {
  it('is no-referrer on every answer, the site-wide policy elsewhere', async () => {
    const app = testApp(db, { requestRateLimit: 3 });
    const env = peer('198.51.100.20');
    const url = 'http://localhost/unsubscribe?token=6f1c1c4e-7c43-4b59-a0b1-7d6c2f3f3b6a';
    const answers = [
      await app.request(url, {}, env),
      await app.request(url, { method: 'POST', body: 'List-Unsubscribe=One-Click' }, env),
      await app.request(url, { method: 'PUT' }, env),
      await app.request(url, {}, env), // over the limit: 429
    ];
    expect(answers.map((r) => r.status)).toEqual([404, 404, 405, 429]);
    const broken = testApp({ ...db, transactionAs: () => Promise.reject(new Error('down')) } as Db);
    answers.push(await broken.request(url));
    expect(answers[4].status).toBe(500);
    for (const res of answers) expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const home = await app.request('http://localhost/healthz');
    expect(home.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});
