// POST /rest/v1/tedxcommunity_emails: the sign-up, written the way PostgREST writes it. The JSON
// body goes in as one parameter and Postgres turns it into rows, so types, constraints, grants
// and row-level security all decide in the database. Column names come only from the fixed list
// below; values only ever travel as parameters.
import type { Context } from 'hono';
import { SIGNUP_TABLE } from '../../common/signup-contract.ts';
import { bodyText, parseInsertBody, type InsertRow } from './body.ts';
import { JSON_TYPE, pgrst } from './errors.ts';
import { inRequest, type RequestDb, type RestEnv } from './request-settings.ts';

export const TABLE = `public.${SIGNUP_TABLE}`;
const COLUMNS = ['id', 'email', 'first_name', 'created_at', 'source'] as const;
type Column = (typeof COLUMNS)[number];
/** What a visitor sends: text or null. */
const TEXT_COLUMNS = ['email', 'first_name', 'source'] as const;

const isColumn = (name: string): name is Column => (COLUMNS as readonly string[]).includes(name);

function checkColumns(names: Iterable<string>): Column[] {
  const columns: Column[] = [];
  for (const name of names) {
    if (!isColumn(name)) {
      throw pgrst(
        400,
        'PGRST204',
        `Could not find the '${name}' column of '${SIGNUP_TABLE}' in the schema cache`,
      );
    }
    if (!columns.includes(name)) columns.push(name);
  }
  return columns;
}

/** `columns="email","first_name"` as supabase-js sends it with an array insert. */
const parseColumnsParam = (value: string): Column[] =>
  checkColumns(value.split(',').map((s) => s.trim().replace(/^"|"$/g, '')));

/** $1: a JSON array of objects. With `returning`, the rows come back as one JSON array, which
 * needs the select grant anon does not have: PostgREST's 42501 under row-level security. */
function insertSql(columns: Column[], returning: boolean): string {
  // With no column at all, insert a null email so the database answers 23502 (not-null).
  const cols = columns.length > 0 ? columns : (['email'] as Column[]);
  const quoted = cols.map((c) => `"${c}"`).join(', ');
  const sql = `insert into ${TABLE} (${quoted}) select ${quoted} from json_populate_recordset(null::${TABLE}, $1::json)`;
  if (!returning) return sql;
  return `with pgrst_source as (${sql} returning *) select coalesce(json_agg(pgrst_source), '[]')::text as body from pgrst_source`;
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
        400,
        '22P02',
        `invalid input for column "${column}": expected a string or null, got ${typeof value}`,
      );
    }
  }
}

export async function insert(c: Context<RestEnv>, requestDb: RequestDb): Promise<Response> {
  const returning = /(^|,)\s*return=representation\s*(,|$)/.test(c.req.header('prefer') ?? '');
  const columnsParam = c.req.query('columns');
  const body = parseInsertBody(await bodyText(c), columnsParam === undefined);
  const columns =
    columnsParam !== undefined ? parseColumnsParam(columnsParam) : checkColumns(body.keys);
  checkTypes(body.rows);
  const sql = insertSql(columns, returning);
  const { rows } = await inRequest(c, requestDb, (tx) =>
    tx.query<{ body: string }>(sql, [JSON.stringify(body.rows)]),
  );
  return new Response(returning ? rows[0].body : null, {
    status: 201,
    headers: {
      'Content-Range': '*/*',
      ...(returning ? { 'Content-Type': JSON_TYPE } : { 'Content-Length': '0' }),
    },
  });
}
