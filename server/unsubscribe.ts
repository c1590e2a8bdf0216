// /unsubscribe on the own server: the shared handler (unsubscribe-handler.ts, which the Supabase
// Edge Function runs too), asking the database directly as anon.
// Tokens travel in the query string, which the request log never prints.
import type { Context } from 'hono';
import type { Db } from './db/types.ts';
import { createUnsubscribeHandler, type AskDatabase } from './unsubscribe-handler.ts';

export function createUnsubscribe(db: Db) {
  const ask: AskDatabase = async (fn, token) => {
    // As text: the PostgreSQL adapter returns every value as text, PGlite a boolean.
    const { rows } = await db.queryAs<{ ok: string }>(
      'anon',
      `select public.${fn}($1)::text as ok`,
      [token],
    );
    return rows[0]?.ok === 'true';
  };
  const handle = createUnsubscribeHandler({ ask });
  return (c: Context) => handle(c.req.raw);
}
