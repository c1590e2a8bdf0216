import { describe, expect, it } from 'vitest';
import type { Db } from '../platform/db/types.ts';
import { createApp, loggable } from './app.ts';
import { ANON, clientHeaders, ENDPOINT, SERVICE, testApp } from '../test-support/app.ts';

/** A database that has gone away. */
const downDb = {
  kind: 'postgres',
  query: () =>
    Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
  transactionAs: () =>
    Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
  exec: () => Promise.reject(new Error('down')),
  transaction: () => Promise.reject(new Error('down')),
  close: () => Promise.resolve(),
} as unknown as Db;

describe('when the database is down', () => {
  const app = testApp(downDb);

  it('answers /healthz 503', async () => {
    expect((await app.request('http://localhost/healthz')).status).toBe(503);
  });

  it('answers a sign-up 503 in PostgREST shape with CORS headers, quoting nothing it was sent', async () => {
    const res = await app.request(ENDPOINT, {
      method: 'POST',
      headers: clientHeaders(),
      body: JSON.stringify({ email: 'down@example.org' }),
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({ code: 'PGRST000' });
    expect(text).not.toContain('down@example.org');
  });
});

describe('the request log', () => {
  it('has one line per request with method, path, status and milliseconds, never an email or key', async () => {
    const lines: string[] = [];
    const app = createApp({
      db: downDb,
      settings: {
        anonKey: ANON,
        serviceRoleKey: SERVICE,
        signupRateLimit: 0,
        requestRateLimit: 0,
        trustProxy: [],
      },
      distDir: null,
      log: (line) => lines.push(line),
    });
    await app.request('http://localhost/someone@example.org/x?email=eq.a@b.co&apikey=' + ANON);
    await app.request('http://localhost/someone%40example.org');
    await app.request(ENDPOINT, {
      method: 'POST',
      headers: clientHeaders(),
      body: JSON.stringify({ email: 'down@example.org' }),
    });
    expect(lines[0]).toMatch(/^GET \/\[redacted\]\/x 404 \d+\.\dms$/);
    expect(lines[1]).toMatch(/^GET \/\[redacted\] 404 /);
    expect(lines.join('\n')).not.toMatch(/@|%40|example|eyJ|sb_secret/);
  });

  it('redacts any path segment holding an @', () => {
    expect(loggable('/a/b@c.d/e')).toBe('/a/[redacted]/e');
    expect(loggable('/a/b%40c.d')).toBe('/a/[redacted]');
  });
});
