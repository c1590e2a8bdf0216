// Reading a PostgREST request: Prefer, the paging parameters, and what PostgREST tells the
// database about it.
import type { Context } from 'hono';
import type { Queryable } from '../db/types.ts';
import { HTTP, pgrst } from './errors.ts';
import type { Resolution } from './signups.ts';

export interface Prefer {
  returnRepresentation: boolean;
  countExact: boolean;
  resolution: Resolution;
}

export function parsePrefer(header: string | undefined): Prefer {
  const prefer: Prefer = { returnRepresentation: false, countExact: false, resolution: undefined };
  for (const token of (header ?? '').split(',')) {
    const t = token.trim();
    if (t === 'return=representation') prefer.returnRepresentation = true;
    else if (/^count=(exact|planned|estimated)$/.test(t)) prefer.countExact = true;
    else if (t === 'resolution=merge-duplicates') prefer.resolution = 'merge-duplicates';
    else if (t === 'resolution=ignore-duplicates') prefer.resolution = 'ignore-duplicates';
  }
  return prefer;
}

/** `limit` / `offset`: absent, or a non-negative integer. */
export function nonNegative(value: string | undefined, name: string): number | null {
  if (value === undefined) return null;
  if (!/^\d{1,9}$/.test(value)) {
    throw pgrst(HTTP.badRequest, 'PGRST100', `"failed to parse ${name} (${value})"`);
  }
  return Number(value);
}

/**
 * The settings PostgREST sets for a request's transaction (`request.headers`, `request.method`,
 * `request.path`), plus the sign-up budget per minute (`app.signup_rate_limit`, SIGNUP_RATE_LIMIT;
 * 0 is off). `cf-connecting-ip` is the client this server resolved (TRUST_PROXY), overwriting any
 * the client sent, as Cloudflare sets it in front of hosted Supabase: the migration's sign-up
 * budget keys on it (supabase/migrations/20261127110000_signup_budget_per_network.sql).
 */
export async function setRequestSettings(
  tx: Queryable,
  c: Context,
  client: string,
  signupRateLimit: number,
): Promise<void> {
  const headers: Record<string, string> = {};
  c.req.raw.headers.forEach((value, name) => (headers[name] = value));
  headers['cf-connecting-ip'] = client;
  await tx.query(
    `select set_config('request.headers', $1, true), set_config('request.method', $2, true),
            set_config('request.path', $3, true), set_config('app.signup_rate_limit', $4, true)`,
    [JSON.stringify(headers), c.req.method, c.req.path, String(signupRateLimit)],
  );
}
