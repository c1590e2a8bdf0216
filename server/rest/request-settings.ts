// What PostgREST tells the database about a request, set in the request's own transaction.
import type { Context } from 'hono';
import type { Queryable } from '../../platform/db/types.ts';

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
