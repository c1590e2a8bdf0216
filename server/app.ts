// createApp: everything the server answers, with no port of its own, so tests call
// app.request() against it and server/index.ts alone listens.
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import type { Db } from './db/types.ts';
import { CORS_HEADERS } from './rest/cors.ts';
import { JSON_TYPE, RestError, restErrorResponse } from './rest/errors.ts';
import { createRestHandler } from './rest/routes.ts';
import { SECURITY_HEADERS } from './security-headers.ts';
import type { Settings } from './settings.ts';
import { STRICT_CSP } from './csp.ts';
import { loadSite, serveFile } from './static.ts';
import { createUnsubscribe } from './unsubscribe.ts';

export const DEFAULT_DIST_DIR = fileURLToPath(new URL('../dist/', import.meta.url));

export interface AppOptions {
  db: Db;
  settings: Pick<Settings, 'anonKey' | 'signupRateLimit' | 'trustProxy'> & {
    serviceRoleKey: string;
  };
  /** The built site; no static files are served when it does not exist (API only, as in dev). */
  distDir?: string | null;
  /** One line per request; never given an email address or a key. */
  log?: (line: string) => void;
}

/**
 * The path only (a query string could carry anything), any segment with an @ in it redacted,
 * so no email address reaches a log even when someone puts one in a URL.
 */
export function loggable(path: string): string {
  return path.replace(/[^/]*(@|%40)[^/]*/gi, '[redacted]').slice(0, 200);
}

export function createApp({ db, settings, distDir = DEFAULT_DIST_DIR, log }: AppOptions) {
  const app = new Hono();
  const site = distDir ? loadSite(distDir) : undefined;
  const handleRest = createRestHandler({
    db,
    keys: { anonKey: settings.anonKey, serviceRoleKey: settings.serviceRoleKey },
    signupRateLimit: settings.signupRateLimit,
    trustProxy: settings.trustProxy,
  });

  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    const headers = c.res.headers;
    for (const name in SECURITY_HEADERS) headers.set(name, SECURITY_HEADERS[name]);
    if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', STRICT_CSP);
    log?.(
      `${c.req.method} ${loggable(c.req.path)} ${c.res.status} ${(performance.now() - started).toFixed(1)}ms`,
    );
  });

  app.get('/healthz', async (c) => {
    try {
      await db.query('select 1');
      return c.text('ok', 200, { 'Cache-Control': 'no-store' });
    } catch {
      return c.text('database unavailable', 503, { 'Cache-Control': 'no-store' });
    }
  });

  app.all('/rest/v1/*', handleRest);
  app.all('/rest/v1', handleRest);

  const unsubscribe = createUnsubscribe(db);
  app.get('/unsubscribe', unsubscribe);
  app.post('/unsubscribe', unsubscribe);

  app.on(['GET', 'HEAD'], '*', (c) => {
    const file = site?.routes.get(c.req.path);
    if (file) return serveFile(c.req.raw, file);
    if (site?.notFound) return serveFile(c.req.raw, site.notFound, 404);
    return c.text('Not found', 404);
  });

  // The site itself is read-only: any other method on any other path.
  app.all('*', (c) => c.text('Method not allowed', 405, { Allow: 'GET, HEAD' }));

  app.onError((error, c) => {
    // An answer the REST handler chose (PostgREST's status and body), not a failure.
    if (error instanceof RestError) return restErrorResponse(error, c.req.method);
    // Never the message: it may quote a value the visitor sent.
    log?.(
      `error ${c.req.method} ${loggable(c.req.path)}: ${error.name} ${(error as { code?: string }).code ?? ''}`,
    );
    // A database that cannot be reached, outside any statement (PostgREST's PGRST000).
    const unavailable = /ECONNREFUSED|ECONNRESET|57P0|08\d\d\d/.test(
      String((error as { code?: string }).code),
    );
    const status = unavailable ? 503 : 500;
    const body = {
      code: unavailable ? 'PGRST000' : 'PGRST500',
      message: unavailable ? 'Database unavailable' : 'Internal server error',
      details: null,
      hint: null,
    };
    return c.body(JSON.stringify(body), status, { ...CORS_HEADERS, 'Content-Type': JSON_TYPE });
  });

  return app;
}
