// POST: the sign-up itself. The hot path: one statement, reused, in one round trip.
import type { Context } from 'hono';
import type { ApiRole, Db } from '../../platform/db/types.ts';
import { parseInsertBody, type InsertRow } from './body.ts';
import { HTTP, JSON_TYPE, pgrst, withPgErrors } from './errors.ts';
import { tooManyRequests, type RateLimiter } from './rate-limit.ts';
import { parsePrefer } from './request.ts';
import { checkColumns, insertSql, parseColumnsParam, TEXT_COLUMNS } from './signups.ts';

export interface InsertDeps {
  db: Db;
  limiter: RateLimiter;
}

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

export function createInsert({ db, limiter }: InsertDeps) {
  /** `client`: the caller's address (for anon, whose sign-ups are limited per address). */
  return async function insert(c: Context, role: ApiRole, client: string): Promise<Response> {
    if (role === 'anon') {
      const retryAfter = limiter.hit(client);
      if (retryAfter !== null) throw tooManyRequests(retryAfter);
    }
    const prefer = parsePrefer(c.req.header('prefer'));
    const columnsParam = c.req.query('columns');
    const body = parseInsertBody(await c.req.text(), columnsParam === undefined);
    const columns =
      columnsParam !== undefined ? parseColumnsParam(columnsParam) : checkColumns(body.keys);
    checkTypes(body.rows);
    const sql = insertSql(columns, prefer.returnRepresentation, prefer.resolution);
    const param = JSON.stringify(body.rows);
    const headers = { 'Content-Range': '*/*' };
    if (!prefer.returnRepresentation) {
      await withPgErrors(role, () => db.executeAs(role, sql, [param]));
      return new Response(null, {
        status: HTTP.created,
        headers: { ...headers, 'Content-Length': '0' },
      });
    }
    const { rows } = await withPgErrors(role, () =>
      db.queryAs<{ body: string }>(role, sql, [param]),
    );
    return new Response(rows[0]?.body ?? '[]', {
      status: HTTP.created,
      headers: { ...headers, 'Content-Type': JSON_TYPE },
    });
  };
}
