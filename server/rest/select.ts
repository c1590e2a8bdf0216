// GET/HEAD for the organiser tools (service role), and the refusals anon gets from the grants.
import type { Context } from 'hono';
import type { ApiRole, Db } from '../../platform/db/types.ts';
import { HTTP, JSON_TYPE, pgrst, withPgErrors } from './errors.ts';
import { nonNegative, parsePrefer } from './request.ts';
import {
  COUNT_SQL,
  DELETE_CHECK_SQL,
  parseOrder,
  parseSelect,
  selectSql,
  UPDATE_CHECK_SQL,
} from './signups.ts';

export function createSelect(db: Db) {
  const run = async <T>(role: ApiRole, sql: string, params: unknown[]) =>
    (await withPgErrors(role, () => db.queryAs<T>(role, sql, params))).rows;

  /** Rows as PostgREST pages them: offset/limit, Content-Range, `Prefer: count=exact`. */
  async function select(c: Context, role: ApiRole): Promise<Response> {
    // Every parameter checked before any SQL is built: a refused request leaves nothing behind.
    const prefer = parsePrefer(c.req.header('prefer'));
    const limit = nonNegative(c.req.query('limit'), 'limit');
    const offset = nonNegative(c.req.query('offset'), 'offset') ?? 0;
    const columns = parseSelect(c.req.query('select'));
    const order = parseOrder(c.req.query('order'));
    const sql = selectSql(columns, order);
    const [page] = await run<{ body: string; n: number | string }>(role, sql, [limit, offset]);
    const n = Number(page?.n ?? 0);
    let total = '*';
    if (prefer.countExact) {
      const [count] = await run<{ total: number | string }>(role, COUNT_SQL, []);
      total = String(Number(count?.total ?? 0));
    }
    const range = n > 0 ? `${offset}-${offset + n - 1}/${total}` : `*/${total}`;
    return new Response(c.req.method === 'HEAD' ? null : (page?.body ?? '[]'), {
      status: 200,
      headers: { 'Content-Type': JSON_TYPE, 'Content-Range': range },
    });
  }

  /** PATCH / PUT / DELETE: anon hears no from the grants, in Postgres's own words. */
  async function refuseWrite(c: Context, role: ApiRole): Promise<Response> {
    if (role === 'anon') {
      await run(role, c.req.method === 'DELETE' ? DELETE_CHECK_SQL : UPDATE_CHECK_SQL, []);
    }
    throw pgrst(HTTP.methodNotAllowed, 'PGRST117', `Unsupported HTTP method: ${c.req.method}`);
  }

  return { select, refuseWrite };
}
