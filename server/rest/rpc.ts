// POST /rest/v1/rpc/<function>: PostgREST's function call. The body (a JSON object, or an HTML
// form's urlencoded fields) names the arguments; the call runs as the key's role in one
// transaction, so EXECUTE grants decide, as on Supabase. As PostgREST does, the function sees the
// request headers in the `request.headers` setting and may set `response.status` and
// `response.headers` (a form's 303 See Other, for one).
import type { Context } from 'hono';
import { SIGNUP_FORM_FUNCTION, SIGNUP_OUTCOME_PATHS } from '../../src/lib/signup-contract.ts';
import type { ApiRole, Db, Queryable } from '../db/types.ts';
import { readBodyText } from './body.ts';
import { CORS_HEADERS } from './cors.ts';
import { emptyOrInvalidJson, HTTP, JSON_TYPE, pgrst, withPgErrors } from './errors.ts';
import { tooManyRequests, type RateLimiter } from './rate-limit.ts';
import { clientAddress } from './request.ts';

export const RPC_PREFIX = '/rest/v1/rpc/';

export interface RpcDeps {
  db: Db;
  limiter: RateLimiter;
  trustProxy: boolean;
}

type Args = Record<string, string | null>;

interface Candidate {
  arg_names: string[] | null;
  arg_count: number;
  default_count: number;
  returns_set: boolean;
  returns_void: boolean;
}

// The public functions of that name, with their input argument names, as JSON text (the
// PostgreSQL adapter keeps every value as text). pg_proc is readable by every role; whether the
// caller may EXECUTE is left to the call itself (42501).
const CANDIDATES_SQL = `select json_build_object(
    'arg_names', case when p.proargnames is null then '{}'::text[] else array(
      select a.name from unnest(p.proargnames, p.proargmodes) as a(name, mode)
      where a.mode is null or a.mode in ('i', 'b', 'v')) end,
    'arg_count', p.pronargs, 'default_count', p.pronargdefaults, 'returns_set', p.proretset,
    'returns_void', p.prorettype = 'void'::regtype)::text as candidate
  from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
  where n.nspname = 'public' and p.proname = $1`;

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** A JSON object's values as SQL text parameters (Postgres casts them to the argument types). */
function argsFromJson(text: string): Args {
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw emptyOrInvalidJson();
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw emptyOrInvalidJson();
  }
  const args: Args = Object.create(null) as Args;
  for (const [key, value] of Object.entries(parsed)) {
    args[key] = value === null ? null : typeof value === 'string' ? value : JSON.stringify(value);
  }
  return args;
}

function argsFromForm(text: string): Args {
  const args: Args = Object.create(null) as Args;
  for (const [key, value] of new URLSearchParams(text)) args[key] = value;
  return args;
}

/** The candidate whose input arguments cover the given names and need no others. */
function pick(candidates: Candidate[], names: string[]): Candidate | undefined {
  return candidates.find((c) => {
    const argNames = c.arg_names ?? [];
    if (argNames.length !== c.arg_count) return false; // unnamed arguments: not callable by name
    const required = argNames.slice(0, c.arg_count - c.default_count);
    return names.every((n) => argNames.includes(n)) && required.every((n) => names.includes(n));
  });
}

function notFound(name: string, names: string[]) {
  const signature = names.length ? `(${names.sort().join(', ')})` : ' without parameters';
  return pgrst(
    HTTP.notFound,
    'PGRST202',
    `Could not find the function public.${name}${signature} in the schema cache`,
  );
}

/**
 * The call by named parameters ($1…), answering as PostgREST does: a set as one JSON array, a
 * value as JSON, void as nothing. (The organiser CLI calls functions this way too.)
 */
export function callSql(
  name: string,
  names: string[],
  candidate: Pick<Candidate, 'returns_set' | 'returns_void'>,
): string {
  const call = `public.${quoteIdent(name)}(${names.map((n, i) => `${quoteIdent(n)} => $${i + 1}`).join(', ')})`;
  if (candidate.returns_void) return `select ${call}`;
  if (candidate.returns_set)
    return `select coalesce(json_agg(_r), '[]')::text as body from ${call} _r`;
  return `select to_json(${call})::text as body`;
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
    let parsed: unknown;
    try {
      parsed = JSON.parse(headers);
    } catch {
      throw bad();
    }
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
      ...CORS_HEADERS,
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

export function createRpc({ db, limiter, trustProxy }: RpcDeps) {
  // The signatures of functions found, as PostgREST keeps its schema cache: looked up once per
  // name, not on every call. (Migrations run before the server starts.)
  const signatures = new Map<string, Candidate[]>();
  async function candidatesFor(tx: Queryable, name: string): Promise<Candidate[]> {
    const known = signatures.get(name);
    if (known) return known;
    const { rows } = await tx.query<{ candidate: string }>(CANDIDATES_SQL, [name]);
    const found = rows.map((r) => JSON.parse(r.candidate) as Candidate);
    if (found.length > 0) signatures.set(name, found);
    return found;
  }

  return async function rpc(c: Context, role: ApiRole): Promise<Response> {
    if (c.req.method !== 'POST') {
      throw pgrst(HTTP.methodNotAllowed, 'PGRST117', `Unsupported HTTP method: ${c.req.method}`);
    }
    const name = c.req.path.slice(RPC_PREFIX.length);
    // An anonymous call can write (the sign-up form does): it counts against the sign-up limit.
    if (role === 'anon') {
      const retryAfter = limiter.hit(clientAddress(c, trustProxy));
      if (retryAfter !== null) {
        // A browser posting the sign-up form cannot show JSON: send it to the failure page.
        if (name === SIGNUP_FORM_FUNCTION && isFormPost(c)) return overLimitPage(retryAfter);
        throw tooManyRequests(retryAfter);
      }
    }
    const text = await readBodyText(c.req.raw);
    const args = isFormPost(c) ? argsFromForm(text) : argsFromJson(text);
    const names = Object.keys(args);
    if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(name)) throw notFound(name, names);

    const result = await withPgErrors(role, () =>
      db.transactionAs(role, async (tx) => {
        const candidate = pick(await candidatesFor(tx, name), names);
        if (!candidate) throw notFound(name, names);
        await tx.query(
          `select set_config('request.headers', $1, true), set_config('request.method', 'POST', true),
                  set_config('request.path', $2, true)`,
          [requestHeaders(c), c.req.path],
        );
        const call = await tx.query<{ body?: string | null }>(
          callSql(name, names, candidate),
          names.map((n) => args[n]),
        );
        return {
          body: candidate.returns_void ? null : (call.rows[0]?.body ?? 'null'),
          ...(await responseSettings(tx)),
        };
      }),
    );
    const headers = new Headers(CORS_HEADERS);
    if (result.body !== null) headers.set('Content-Type', JSON_TYPE);
    for (const [key, value] of result.extra) headers.set(key, value);
    const status = result.code ?? (result.body === null ? HTTP.noContent : HTTP.ok);
    const empty = result.body === null || status === HTTP.noContent || status === 304;
    return new Response(empty ? null : result.body, { status, headers });
  };
}
