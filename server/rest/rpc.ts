// POST /rest/v1/rpc/<function>: PostgREST's function call. The body (a JSON object, or an HTML
// form's urlencoded fields) names the arguments; the call runs as the key's role in one
// transaction, and reaches only what that role may EXECUTE (db/call-function.ts). As PostgREST does, the function sees the
// request headers in the `request.headers` setting and may set `response.status` and
// `response.headers` (a form's 303 See Other, for one).
import type { Context } from 'hono';
import { SIGNUP_FORM_FUNCTION, SIGNUP_OUTCOME_PATHS } from '../../src/lib/signup-contract.ts';
import {
  argsAsText,
  FUNCTION_NAME,
  FunctionNotFound,
  type CallFunction,
  type FunctionArgs,
} from '../db/call-function.ts';
import type { ApiRole, Db, Queryable } from '../../platform/db/types.ts';
import { emptyOrInvalidJson, HTTP, JSON_TYPE, parseJson, pgrst, withPgErrors } from './errors.ts';
import { tooManyRequests, type RateLimiter } from './rate-limit.ts';

type Args = FunctionArgs;

/** A JSON object's values as SQL text parameters (Postgres casts them to the argument types). */
function argsFromJson(text: string): Args {
  if (text.trim() === '') return {};
  const parsed = parseJson(text);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw emptyOrInvalidJson();
  }
  return argsAsText(parsed as Record<string, unknown>);
}

function argsFromForm(text: string): Args {
  const args: Args = Object.create(null) as Args;
  for (const [key, value] of new URLSearchParams(text)) args[key] = value;
  return args;
}

function notFound(name: string, names: string[]) {
  const signature = names.length ? `(${names.sort().join(', ')})` : ' without parameters';
  return pgrst(
    HTTP.notFound,
    'PGRST202',
    `Could not find the function public.${name}${signature} in the schema cache`,
  );
}

/** The status and headers the function asked for, checked as PostgREST checks them. */
async function responseSettings(tx: Queryable) {
  const { rows } = await tx.query<{ status: string | null; headers: string | null }>(
    `select current_setting('response.status', true) as status,
            current_setting('response.headers', true) as headers`,
  );
  const { status, headers } = rows[0] ?? { status: null, headers: null };
  let code: number | undefined;
  if (status) {
    code = Number(status);
    if (!Number.isInteger(code) || code < 100 || code > 599) {
      throw pgrst(
        HTTP.internalError,
        'PGRST112',
        'response.status guc must be a valid status code',
      );
    }
  }
  const extra: [string, string][] = [];
  if (headers) {
    const bad = () =>
      pgrst(
        HTTP.internalError,
        'PGRST111',
        'response.headers guc must be a JSON array composed of objects with a single key and a string value',
      );
    const parsed = parseJson(headers, bad);
    if (!Array.isArray(parsed)) throw bad();
    for (const item of parsed as unknown[]) {
      const entries = typeof item === 'object' && item !== null ? Object.entries(item) : [];
      if (entries.length !== 1 || typeof entries[0][1] !== 'string') throw bad();
      extra.push(entries[0] as [string, string]);
    }
  }
  return { code, extra };
}

const isFormPost = (c: Context) =>
  /^application\/x-www-form-urlencoded\b/i.test(c.req.header('content-type') ?? '');

function overLimitPage(retryAfter: number): Response {
  return new Response(null, {
    status: 303,
    headers: {
      Location: `${SIGNUP_OUTCOME_PATHS.failure}#email-signup`,
      'Retry-After': String(retryAfter),
      'Cache-Control': 'no-store',
    },
  });
}

function requestHeaders(c: Context): string {
  const headers: Record<string, string> = {};
  c.req.raw.headers.forEach((value, name) => (headers[name.toLowerCase()] = value));
  return JSON.stringify(headers);
}

export interface RpcDeps {
  db: Db;
  callFunction: CallFunction;
  /** The sign-up limit, for anonymous calls (the sign-up form's function writes). */
  limiter: RateLimiter;
}

export function createRpc({ db, callFunction, limiter }: RpcDeps) {
  /** `client`: the caller's address (for anon, whose calls are limited per address). */
  return async function rpc(
    c: Context,
    role: ApiRole,
    client: string,
    name: string,
  ): Promise<Response> {
    // An anonymous call can write (the sign-up form does): it counts against the sign-up limit.
    if (role === 'anon') {
      const retryAfter = limiter.hit(client);
      if (retryAfter !== null) {
        // A browser posting the sign-up form cannot show JSON: send it to the failure page.
        if (name === SIGNUP_FORM_FUNCTION && isFormPost(c)) return overLimitPage(retryAfter);
        throw tooManyRequests(retryAfter);
      }
    }
    const text = await c.req.text();
    const args = isFormPost(c) ? argsFromForm(text) : argsFromJson(text);
    const names = Object.keys(args);
    if (!FUNCTION_NAME.test(name)) throw notFound(name, names);

    const result = await withPgErrors(role, () =>
      db.transactionAs(role, async (tx) => {
        await tx.query(
          `select set_config('request.headers', $1, true), set_config('request.method', 'POST', true),
                  set_config('request.path', $2, true)`,
          [requestHeaders(c), c.req.path],
        );
        try {
          const { body } = await callFunction(tx, role, name, args);
          return { body, ...(await responseSettings(tx)) };
        } catch (error) {
          if (error instanceof FunctionNotFound) throw notFound(name, names);
          throw error;
        }
      }),
    );
    const headers = new Headers();
    if (result.body !== null) headers.set('Content-Type', JSON_TYPE);
    for (const [key, value] of result.extra) headers.set(key, value);
    const status = result.code ?? (result.body === null ? HTTP.noContent : HTTP.ok);
    const empty = result.body === null || status === HTTP.noContent || status === 304;
    return new Response(empty ? null : result.body, { status, headers });
  };
}
