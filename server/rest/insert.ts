// POST: the sign-up itself: one statement in a transaction as the key's role, after the settings
// PostgREST would set (the sign-up budget in the database reads them).
import type { Context } from 'hono';
import type { ApiRole, Db } from '../db/types.ts';
import { parseInsertBody, type InsertRow } from './body.ts';
import { HTTP, JSON_TYPE, pgrst, withPgErrors } from './errors.ts';
import { parsePrefer, setRequestSettings } from './request.ts';
import { checkColumns, insertSql, parseColumnsParam, TEXT_COLUMNS } from './signups.ts';

export interface InsertDeps {
  db: Db;
  /** SIGNUP_RATE_LIMIT, which the database's sign-up budget reads. */
  signupRateLimit: number;
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

export function createInsert({ db, signupRateLimit }: InsertDeps) {
  /** `client`: the caller's address (the database's sign-up budget keys on it). */
  return async function insert(c: Context, role: ApiRole, client: string): Promise<Response> {
    const prefer = parsePrefer(c.req.header('prefer'));
    const columnsParam = c.req.query('columns');
    const body = parseInsertBody(await c.req.text(), columnsParam === undefined);
    const columns =
      columnsParam !== undefined ? parseColumnsParam(columnsParam) : checkColumns(body.keys);
    checkTypes(body.rows);
    const sql = insertSql(columns, prefer.returnRepresentation, prefer.resolution);
    const { rows } = await withPgErrors(role, () =>
      db.transactionAs(role, async (tx) => {
        await setRequestSettings(tx, c, client, signupRateLimit);
        return tx.query<{ body: string }>(sql, [JSON.stringify(body.rows)]);
      }),
    );
    if (!prefer.returnRepresentation) {
      return new Response(null, {
        status: HTTP.created,
        headers: { 'Content-Range': '*/*', 'Content-Length': '0' },
      });
    }
    return new Response(rows[0]?.body ?? '[]', {
      status: HTTP.created,
      headers: { 'Content-Range': '*/*', 'Content-Type': JSON_TYPE },
    });
  };
}
