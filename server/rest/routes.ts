// The PostgREST-compatible surface: /rest/v1/<table>. Only the sign-up table exists; anon may
// insert into it, the service role may also read it (organiser tools). Everything else is
// refused by the database itself, as on Supabase.
import type { Context } from 'hono';
import { SIGNUP_TABLE } from '../../src/lib/signup-contract.ts';
import { asPgError, type ApiRole, type Db } from '../db/types.ts';
import { createKeyChecker, type Keys } from './auth.ts';
import { parseInsertBody, readBodyText, type InsertRow } from './body.ts';
import { CORS_HEADERS, preflightHeaders } from './cors.ts';
import { fromPgError, HTTP, JSON_TYPE, pgrst, RestError } from './errors.ts';
import { createRateLimiter } from './rate-limit.ts';
import {
  checkColumns,
  COUNT_SQL,
  DELETE_CHECK_SQL,
  insertSql,
  parseColumnsParam,
  parseOrder,
  parseSelect,
  selectSql,
  TEXT_COLUMNS,
  UPDATE_CHECK_SQL,
  type Resolution,
} from './signups.ts';

export interface RestOptions {
  db: Db;
  keys: Keys;
  signupRateLimit: number;
  trustProxy: boolean;
}

const jsonHeaders = { ...CORS_HEADERS, 'Content-Type': JSON_TYPE };

function errorResponse(error: RestError, method: string): Response {
  const headers = { ...jsonHeaders, ...error.headers };
  return new Response(method === 'HEAD' ? null : JSON.stringify(error.body), {
    status: error.status,
    headers,
  });
}

function parsePrefer(header: string | undefined) {
  const prefer = {
    returnRepresentation: false,
    countExact: false,
    resolution: undefined as Resolution,
  };
  for (const token of (header ?? '').split(',')) {
    const t = token.trim();
    if (t === 'return=representation') prefer.returnRepresentation = true;
    else if (t === 'count=exact' || t === 'count=planned' || t === 'count=estimated')
      prefer.countExact = true;
    else if (t === 'resolution=merge-duplicates') prefer.resolution = 'merge-duplicates';
    else if (t === 'resolution=ignore-duplicates') prefer.resolution = 'ignore-duplicates';
  }
  return prefer;
}

/** The peer address, or with TRUST_PROXY the one the (single, trusted) proxy appended last. */
function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for');
    const last = forwarded?.split(',').pop()?.trim();
    if (last) return last;
  }
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'unknown';
}

const nonNegative = (value: string | undefined, name: string): number | null => {
  if (value === undefined) return null;
  if (!/^\d{1,9}$/.test(value))
    throw pgrst(HTTP.badRequest, 'PGRST100', `"failed to parse ${name} (${value})"`);
  return Number(value);
};

/**
 * The visitor's columns are text: a number, boolean, object or array there is a client bug or a
 * probe, refused here (PostgREST would store its JSON text).
 */
function checkTypes(rows: InsertRow[]) {
  for (const row of rows) {
    for (const column of TEXT_COLUMNS) {
      const value = row[column];
      if (value === undefined || value === null || typeof value === 'string') continue;
      throw pgrst(
        HTTP.badRequest,
        '22P02',
        `invalid input for column "${column}": expected a string or null, got ${typeof value}`,
      );
    }
  }
}

export function createRestHandler(options: RestOptions) {
  const { db, trustProxy } = options;
  const authenticate = createKeyChecker(options.keys);
  const limiter = createRateLimiter(options.signupRateLimit);

  /** Database errors become PostgREST errors; anything else is the server's fault. */
  async function guard<T>(role: ApiRole, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      const pgError = asPgError(error);
      if (pgError) throw fromPgError(pgError, role);
      throw error;
    }
  }

  const run = async <T>(role: ApiRole, sql: string, params: unknown[]) =>
    (await guard(role, () => db.queryAs<T>(role, sql, params))).rows;

  async function insert(c: Context, role: ApiRole): Promise<Response> {
    if (role === 'anon') {
      const retryAfter = limiter.hit(clientAddress(c, trustProxy));
      if (retryAfter !== null) {
        throw new RestError(
          HTTP.tooManyRequests,
          {
            code: 'over_request_rate_limit',
            message: `Too many sign-ups from this address: try again in ${retryAfter} seconds`,
            details: null,
            hint: null,
          },
          { 'Retry-After': String(retryAfter) },
        );
      }
    }
    const prefer = parsePrefer(c.req.header('prefer'));
    const columnsParam = c.req.query('columns');
    const text = await readBodyText(c.req.raw);
    const body = parseInsertBody(text, columnsParam === undefined);
    const columns =
      columnsParam !== undefined ? parseColumnsParam(columnsParam) : checkColumns(body.keys);
    checkTypes(body.rows);
    const sql = insertSql(columns, prefer.returnRepresentation, prefer.resolution);
    const param = JSON.stringify(body.rows);
    const headers = { ...CORS_HEADERS, 'Content-Range': '*/*' };
    if (!prefer.returnRepresentation) {
      await guard(role, () => db.executeAs(role, sql, [param]));
      return new Response(null, {
        status: HTTP.created,
        headers: { ...headers, 'Content-Length': '0' },
      });
    }
    const rows = await run<{ body: string }>(role, sql, [param]);
    return new Response(rows[0]?.body ?? '[]', {
      status: HTTP.created,
      headers: { ...headers, 'Content-Type': JSON_TYPE },
    });
  }

  async function select(c: Context, role: ApiRole): Promise<Response> {
    const prefer = parsePrefer(c.req.header('prefer'));
    const columns = parseSelect(c.req.query('select'));
    const order = parseOrder(c.req.query('order'));
    const limit = nonNegative(c.req.query('limit'), 'limit');
    const offset = nonNegative(c.req.query('offset'), 'offset') ?? 0;
    const [page] = await run<{ body: string; n: number | string }>(
      role,
      selectSql(columns, order),
      [limit, offset],
    );
    const n = Number(page?.n ?? 0);
    let total = '*';
    if (prefer.countExact) {
      const [count] = await run<{ total: number | string }>(role, COUNT_SQL, []);
      total = String(Number(count?.total ?? 0));
    }
    const range = n > 0 ? `${offset}-${offset + n - 1}/${total}` : `*/${total}`;
    const headers = { ...jsonHeaders, 'Content-Range': range };
    return new Response(c.req.method === 'HEAD' ? null : (page?.body ?? '[]'), {
      status: 200,
      headers,
    });
  }

  async function refuseWrite(c: Context, role: ApiRole): Promise<Response> {
    if (role === 'anon') {
      // Let the grants say no, with Postgres's own words.
      await run(role, c.req.method === 'DELETE' ? DELETE_CHECK_SQL : UPDATE_CHECK_SQL, []);
    }
    throw pgrst(HTTP.methodNotAllowed, 'PGRST117', `Unsupported HTTP method: ${c.req.method}`);
  }

  return async function handleRest(c: Context): Promise<Response> {
    const method = c.req.method;
    if (method === 'OPTIONS') {
      return new Response(null, {
        status: HTTP.noContent,
        headers: preflightHeaders(c.req.header('access-control-request-headers')),
      });
    }
    try {
      const role = authenticate(
        c.req.header('apikey') ?? c.req.query('apikey'),
        c.req.header('authorization'),
      );
      const table = c.req.path.slice('/rest/v1/'.length).replace(/\/$/, '');
      if (table !== SIGNUP_TABLE) {
        throw pgrst(
          HTTP.notFound,
          'PGRST205',
          `Could not find the table 'public.${table}' in the schema cache`,
          {
            hint: `Perhaps you meant the table 'public.${SIGNUP_TABLE}'`,
          },
        );
      }
      const profile = c.req.header(
        method === 'GET' || method === 'HEAD' ? 'accept-profile' : 'content-profile',
      );
      if (profile !== undefined && profile !== 'public') {
        throw pgrst(
          HTTP.notAcceptable,
          'PGRST106',
          'The schema must be one of the following: public',
        );
      }
      if (method === 'POST') return await insert(c, role);
      if (method === 'GET' || method === 'HEAD') return await select(c, role);
      if (method === 'PATCH' || method === 'PUT' || method === 'DELETE')
        return await refuseWrite(c, role);
      throw pgrst(HTTP.methodNotAllowed, 'PGRST117', `Unsupported HTTP method: ${method}`);
    } catch (error) {
      if (error instanceof RestError) return errorResponse(error, method);
      throw error;
    }
  };
}
