// /unsubscribe on the own server: the shared handler (unsubscribe-handler.ts, which the Supabase
// Edge Function runs too), asking the database as anon through the one function-call module.
// Tokens travel in the query string, which the request log never prints.
import type { Context } from 'hono';
import type { CallFunction } from './db/call-function.ts';
import type { Db } from '../platform/db/types.ts';
import { createUnsubscribeHandler, type AskDatabase } from './unsubscribe-handler.ts';

export function createUnsubscribe(db: Db, callFunction: CallFunction) {
  const ask: AskDatabase = async (fn, token) => {
    const body = await db.transactionAs('anon', (tx) => callFunction(tx, 'anon', fn, { token }));
    return body === null ? null : JSON.parse(body);
  };
  const handle = createUnsubscribeHandler({ ask });
  return (c: Context) => handle(c.req.raw);
}
