// The SQL behind /rest/v1/tedxcommunity_emails, written the way PostgREST writes it: the JSON
// body goes in as one parameter and Postgres turns it into rows, so types, constraints,
// grants and row-level security all decide in the database. Column names come only from the
// fixed list below; values only ever travel as parameters.
import { SIGNUP_TABLE } from '../../src/lib/signup-contract.ts';
import { LRUCache } from 'lru-cache';
import { pgrst, HTTP } from './errors.ts';

export const TABLE = `public.${SIGNUP_TABLE}`;
const COLUMNS = ['id', 'email', 'first_name', 'created_at', 'source'] as const;
export type Column = (typeof COLUMNS)[number];
/** What a visitor sends: text or null. */
export const TEXT_COLUMNS = ['email', 'first_name', 'source'] as const;

const isColumn = (name: string): name is Column => (COLUMNS as readonly string[]).includes(name);

export function checkColumns(names: Iterable<string>): Column[] {
  const columns: Column[] = [];
  for (const name of names) {
    if (!isColumn(name)) {
      throw pgrst(
        HTTP.badRequest,
        'PGRST204',
        `Could not find the '${name}' column of '${SIGNUP_TABLE}' in the schema cache`,
      );
    }
    if (!columns.includes(name)) columns.push(name);
  }
  return columns;
}

export type Resolution = 'merge-duplicates' | 'ignore-duplicates' | undefined;

/** Statement texts by shape. A handful exist in honest use; the LRU keeps probes from growing it. */
export const sqlCache = new LRUCache<string, string>({ max: 64 });
function cached(key: string, build: () => string): string {
  let sql = sqlCache.get(key);
  if (sql === undefined) {
    sql = build();
    sqlCache.set(key, sql);
  }
  return sql;
}

const quote = (columns: readonly Column[]) => columns.map((c) => `"${c}"`).join(', ');

/** $1: a JSON array of objects. */
export function insertSql(columns: Column[], returning: boolean, resolution: Resolution): string {
  // With no column at all, insert a null email so the database answers 23502 (not-null).
  // In the table's own order: the statement does not depend on the order the client sent.
  const cols =
    columns.length > 0 ? COLUMNS.filter((c) => columns.includes(c)) : (['email'] as Column[]);
  return cached(`i:${cols.join(',')}:${returning}:${resolution ?? ''}`, () => {
    let sql =
      `insert into ${TABLE} (${quote(cols)}) ` +
      `select ${quote(cols)} from json_populate_recordset(null::${TABLE}, $1::json)`;
    if (resolution === 'merge-duplicates') {
      const set = cols.filter((c) => c !== 'id').map((c) => `"${c}" = excluded."${c}"`);
      sql += ` on conflict (id) do update set ${set.length ? set.join(', ') : 'id = excluded.id'}`;
    } else if (resolution === 'ignore-duplicates') {
      sql += ' on conflict (id) do nothing';
    }
    if (!returning) return sql;
    return `with pgrst_source as (${sql} returning *) select coalesce(json_agg(pgrst_source), '[]')::text as body from pgrst_source`;
  });
}

export interface OrderTerm {
  column: Column;
  descending: boolean;
  nulls: 'first' | 'last' | undefined;
}

/** $1: limit (null for all), $2: offset. */
export function selectSql(columns: Column[], order: OrderTerm[]): string {
  const orderBy = order
    .map(
      (o) => `"${o.column}" ${o.descending ? 'desc' : 'asc'}${o.nulls ? ` nulls ${o.nulls}` : ''}`,
    )
    .join(', ');
  return cached(`s:${columns.join(',')}:${orderBy}`, () => {
    const inner = `select ${quote(columns)} from ${TABLE}${orderBy ? ` order by ${orderBy}` : ''} limit $1 offset $2`;
    return `select coalesce(json_agg(pgrst_t), '[]')::text as body, count(*) as n from (${inner}) pgrst_t`;
  });
}

export const COUNT_SQL = `select count(*) as total from ${TABLE}`;

/** Statements that only exist to let the grants refuse them (PATCH / DELETE as anon). */
export const UPDATE_CHECK_SQL = `update ${TABLE} set email = email where false`;
export const DELETE_CHECK_SQL = `delete from ${TABLE} where false`;

/** Longer than any honest ordering of these columns (each at most once, with modifiers). */
const ORDER_MAX_LENGTH = 200;

export function parseOrder(value: string | undefined): OrderTerm[] {
  if (!value) return [];
  const refuse = () =>
    pgrst(HTTP.badRequest, 'PGRST100', `"failed to parse order (${value.slice(0, 100)})"`);
  if (value.length > ORDER_MAX_LENGTH) throw refuse();
  const terms: OrderTerm[] = [];
  for (const term of value.split(',')) {
    const [name, ...modifiers] = term.trim().split('.');
    const [column] = checkColumns([name.replace(/^"|"$/g, '')]);
    // A column twice says nothing the first did not; more terms than columns is a probe.
    if (terms.some((t) => t.column === column) || modifiers.length > 2) throw refuse();
    let descending = false;
    let nulls: OrderTerm['nulls'];
    for (const m of modifiers) {
      if (m === 'desc') descending = true;
      else if (m === 'nullsfirst') nulls = 'first';
      else if (m === 'nullslast') nulls = 'last';
      else if (m !== 'asc') throw refuse();
    }
    terms.push({ column, descending, nulls });
  }
  return terms;
}

/** `columns="email","first_name"` as supabase-js sends it with an array insert. */
export function parseColumnsParam(value: string): Column[] {
  return checkColumns(value.split(',').map((s) => s.trim().replace(/^"|"$/g, '')));
}

/** `select=*` or a list of plain column names (no embedding, casts or aliases here). */
export function parseSelect(value: string | undefined): Column[] {
  if (!value || value.trim() === '*') return [...COLUMNS];
  return parseColumnsParam(value);
}
