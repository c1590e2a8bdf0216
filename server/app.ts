// createApp: everything the server answers, with no port of its own, so tests call
// app.request() against it and server/index.ts alone listens.
import { fileURLToPath } from 'node:url';
import { Hono, type Context } from 'hono';
import type { Db } from '../platform/db/types.ts';
import { pgrst, RestError, restErrorResponse } from './rest/errors.ts';
import { createRestApp } from './rest/routes.ts';
import { createRateLimiter, tooManyRequests } from './rest/rate-limit.ts';
import { clientAddress, trustedProxies } from './client-address.ts';
import { createFunctionCaller } from './db/call-function.ts';
import { fatalReason } from './fatal.ts';
import { printable } from '../common/printable.ts';
import { securityHeaders } from './security-headers.ts';
import type { Settings } from '../platform/settings.ts';
import { STRICT_CSP } from '../common/csp-policy.ts';
import { createStaticSite } from './static.ts';
import { createUnsubscribeHandler } from '../common/unsubscribe-handler.ts';
import { createYourDataHandler } from '../common/your-data-handler.ts';
import type { AskDatabase } from '../common/link-page.ts';

const DEFAULT_DIST_DIR = fileURLToPath(new URL('../dist/', import.meta.url));

interface AppOptions {
  db: Db;
  settings: Pick<Settings, 'anonKey' | 'signupRateLimit' | 'requestRateLimit' | 'trustProxy'> & {
    serviceRoleKey: string;
  };
  /** The built site; no static files are served when it does not exist (API only, as in dev). */
  distDir?: string | null;
  /** One line per request; never given an email address or a key. */
  log?: (line: string) => void;
  /** Called once with the reason when the database fails for good (see fatal.ts). */
  onFatal?: (reason: string) => void;
}

const LOGGED_PATH_LENGTH = 200;

/**
 * The path only (a query string could carry anything), any segment with an @ in it redacted,
 * so no email address reaches a log even when someone puts one in a URL. Segment by segment, so
 * the cost is linear in the path (a pattern over the whole path backtracks quadratically).
 * Control characters are stripped from every log line by `log` below.
 */
export function loggable(path: string): string {
  return path
    .split('/')
    .map((segment) => (/@|%40/i.test(segment) ? '[redacted]' : segment))
    .join('/')
    .slice(0, LOGGED_PATH_LENGTH);
}

export function createApp({
  db,
  settings,
  distDir = DEFAULT_DIST_DIR,
  log: rawLog,
  onFatal,
}: AppOptions) {
  const app = new Hono();
  const site = distDir ? createStaticSite(distDir) : undefined;
  const log = rawLog && ((line: string) => rawLog(printable(line)));
  const proxies = trustedProxies(settings.trustProxy);
  const requests = createRateLimiter(settings.requestRateLimit);
  const limitRequests = (c: Context) => {
    const client = clientAddress(c, proxies);
    const retryAfter = requests.hit(client);
    if (retryAfter !== null) throw tooManyRequests(retryAfter);
    return client;
  };
  const callFunction = createFunctionCaller();
  const restApp = createRestApp({
    db,
    keys: { anonKey: settings.anonKey, serviceRoleKey: settings.serviceRoleKey },
    callFunction,
    // The sign-up budget lives in the database (one rule for the insert, the form's function and
    // hosted Supabase); the server passes it the limit and the client's address.
    signupRateLimit: settings.signupRateLimit,
    limitRequests,
  });
  let failed = false;
  const fatal = (error: unknown) => {
    const reason = fatalReason(error);
    if (reason && !failed) {
      failed = true;
      onFatal?.(reason);
    }
  };

  // The handlers the Supabase Edge Functions run too, asking the database as anon through the one
  // function-call module. Tokens travel in the query string, which the request log never prints.
  const ask: AskDatabase = async (fn, args) => {
    const body = await db.transactionAs('anon', (tx) => callFunction(tx, 'anon', fn, args));
    return body === null ? null : JSON.parse(body);
  };
  /** The pages a link in our mail opens, with its token in the URL. */
  const links = {
    '/unsubscribe': createUnsubscribeHandler({ ask }),
    '/your-data': createYourDataHandler({ ask }),
  };
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    const headers = c.res.headers;
    // A link's token is in the URL: no Referer from any of its answers (429s and errors
    // included), whatever the site-wide policy says.
    if (Object.keys(links).some((path) => c.req.path.startsWith(path)))
      headers.set('Referrer-Policy', 'no-referrer');
    if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', STRICT_CSP);
    log?.(
      `${c.req.method} ${loggable(c.req.path)} ${c.res.status} ${(performance.now() - started).toFixed(1)}ms`,
    );
  });
  app.use(securityHeaders());

  app.get('/healthz', async (c) => {
    try {
      await db.query('select 1');
      return c.text('ok', 200, { 'Cache-Control': 'no-store' });
    } catch (error) {
      fatal(error);
      return c.text('database unavailable', 503, { 'Cache-Control': 'no-store' });
    }
  });

  app.route('/rest/v1', restApp);

  for (const [path, handle] of Object.entries(links)) {
    // With or without the slash: the mail's "Your data" link has it (a static host's page).
    const paths = [path, `${path}/`];
    // Anyone may follow or post a link from a mail: counted against the same per-address limit.
    for (const p of paths)
      app.use(p, async (c, next) => {
        limitRequests(c);
        await next();
      });
    app.on(['GET', 'POST'], paths, (c) => handle(c.req.raw));
  }

  if (site) app.on(['GET', 'HEAD'], '*', site);
  app.on(['GET', 'HEAD'], '*', (c) => c.text('Not found', 404));

  // The site itself is read-only: any other method on any other path.
  app.all('*', (c) => c.text('Method not allowed', 405, { Allow: 'GET, HEAD' }));

  app.onError((error, c) => {
    // An answer the REST handler chose (PostgREST's status and body), not a failure.
    if (error instanceof RestError) {
      fatal(error.body); // a disk-full SQLSTATE arrives here, already in PostgREST's shape
      return restErrorResponse(error);
    }
    fatal(error);
    const { code } = error as { code?: string };
    // Never the message: it may quote a value the visitor sent.
    log?.(`error ${c.req.method} ${loggable(c.req.path)}: ${error.name} ${code ?? ''}`);
    // A database that cannot be reached, outside any statement (PostgREST's PGRST000).
    const unavailable = /ECONNREFUSED|ECONNRESET|57P0|08\d\d\d/.test(String(code));
    return restErrorResponse(
      unavailable
        ? pgrst(503, 'PGRST000', 'Database unavailable')
        : pgrst(500, 'PGRST500', 'Internal server error'),
    );
  });

  return app;
}
