// A request's own transaction, and what PostgREST tells the database about the request in it.
import type { Context } from 'hono';
import { asPgError, type ApiRole, type Db, type Queryable } from '../../platform/db/types.ts';
import { fromPgError } from './errors.ts';

/** `client`: the caller's address, worked out only for requests that are limited; empty for the
 * service role. */
export type RestEnv = { Variables: { role: ApiRole; client: string } };

export interface RequestDb {
  db: Db;
  /** SIGNUP_RATE_LIMIT: the database holds the sign-up budget and reads it from the request. */
  signupRateLimit: number;
}

/**
 * Runs `fn` in one transaction as the request's role; database errors come out as PostgREST's.
 * The transaction first gets the settings PostgREST sets (`request.headers`, `request.method`,
 * `request.path`), plus the sign-up budget per minute (`app.signup_rate_limit`; 0 is off) and
 * `app.answer_floor_ms` 0: this server waits out the answer's floor in Node (routes.ts).
 * `cf-connecting-ip` is the client this server resolved, overwriting any the client sent, as
 * Cloudflare does in front of hosted Supabase (decision 0025, "The key").
 */
export function inRequest<T>(
  c: Context<RestEnv>,
  { db, signupRateLimit }: RequestDb,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  const role = c.get('role');
  const headers = { ...c.req.header(), 'cf-connecting-ip': c.get('client') };
  return db
    .transactionAs(role, async (tx) => {
      await tx.query(
        `select set_config('request.headers', $1, true), set_config('request.method', $2, true),
                set_config('request.path', $3, true), set_config('app.signup_rate_limit', $4, true),
                set_config('app.answer_floor_ms', '0', true)`,
        [JSON.stringify(headers), c.req.method, c.req.path, String(signupRateLimit)],
      );
      return fn(tx);
    })
    .catch((error: unknown) => {
      const pgError = asPgError(error);
      throw pgError ? fromPgError(pgError, role) : error;
    });
}
