// POST /rest/v1/rpc/<function>: PostgREST's function call. The body (a JSON object, or an HTML
// form's urlencoded fields) names the arguments; the call runs as the key's role in one
// transaction, and reaches only what that role may EXECUTE (db/call-function.ts). As PostgREST does, the function sees the
// request headers in the `request.headers` setting and may set `response.status` and
// `response.headers` (a form's 303 See Other, for one).
import type { Context } from 'hono';
import { FunctionNotFound, type CallFunction, type FunctionArgs } from '../db/call-function.ts';
import type { Queryable } from '../../platform/db/types.ts';
import { bodyText } from './body.ts';
import { emptyOrInvalidJson, JSON_TYPE, parseJson, pgrst } from './errors.ts';
import { inRequest, type RequestDb, type RestEnv } from './request-settings.ts';

/** A JSON object's values as SQL text parameters (Postgres casts them to the argument types). */
function argsFromJson(text: string): FunctionArgs {
  if (text.trim() === '') return {};
  const parsed = parseJson(text);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw emptyOrInvalidJson();
  }
  return Object.fromEntries(
    Object.entries(parsed).map(([key, value]) => [
      key,
      value === null || typeof value === 'string' ? value : JSON.stringify(value),
    ]),
  );
}

function notFound(name: string, names: string[]) {
  const signature = names.length ? `(${names.sort().join(', ')})` : ' without parameters';
  const message = `Could not find the function public.${name}${signature} in the schema cache`;
  return pgrst(404, 'PGRST202', message);
}

/** The status and headers the function asked for, checked as PostgREST checks them. */
async function responseSettings(tx: Queryable) {
  const { rows } = await tx.query<{ status: string | null; headers: string | null }>(
    `select current_setting('response.status', true) as status,
            current_setting('response.headers', true) as headers`,
  );
  const { status, headers } = rows[0];
  let code: number | undefined;
  if (status) {
    code = Number(status);
    if (!Number.isInteger(code) || code < 100 || code > 599) {
      throw pgrst(500, 'PGRST112', 'response.status guc must be a valid status code');
    }
  }
  const extra: [string, string][] = [];
  if (headers) {
    const bad = () =>
      pgrst(
        500,
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

/** The call, as the request's role; `name` is what follows /rpc/. */
export async function rpc(
  c: Context<RestEnv>,
  options: RequestDb & { callFunction: CallFunction },
  name: string,
): Promise<Response> {
  const text = await bodyText(c);
  const form = /^application\/x-www-form-urlencoded\b/i.test(c.req.header('content-type') ?? '');
  const args = form ? Object.fromEntries(new URLSearchParams(text)) : argsFromJson(text);
  const names = Object.keys(args);

  const result = await inRequest(c, options, async (tx) => {
    try {
      const body = await options.callFunction(tx, c.get('role'), name, args);
      return { body, ...(await responseSettings(tx)) };
    } catch (error) {
      if (error instanceof FunctionNotFound) throw notFound(name, names);
      throw error;
    }
  });
  const headers = new Headers();
  if (result.body !== null) headers.set('Content-Type', JSON_TYPE);
  for (const [key, value] of result.extra) headers.set(key, value);
  const status = result.code ?? (result.body === null ? 204 : 200);
  const empty = result.body === null || status === 204 || status === 304;
  return new Response(empty ? null : result.body, { status, headers });
}
