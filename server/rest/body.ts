// Request bodies of the REST surface: the size limit, and an insert body's rows.
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { emptyOrInvalidJson, parseJson, pgrst } from './errors.ts';

/** A sign-up is a few hundred bytes; an array of a few dozen still fits. */
const BODY_LIMIT_BYTES = 8 * 1024;

/** Hono's bodyLimit, answering as PostgREST (413, PGRST413) before reading past the limit. */
export const restBodyLimit = () =>
  bodyLimit({
    maxSize: BODY_LIMIT_BYTES,
    onError: () => {
      throw pgrst(
        413,
        'PGRST413',
        `Payload too large: the request body is limited to ${BODY_LIMIT_BYTES} bytes`,
      );
    },
  });

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** The body as text. Bytes that are no UTF-8 are refused, as PostgreSQL refuses them behind
 * PostgREST, never stored as U+FFFD. */
export async function bodyText(c: Context): Promise<string> {
  const bytes = await c.req.arrayBuffer();
  try {
    return UTF8.decode(bytes);
  } catch {
    throw pgrst(400, '22021', 'invalid byte sequence for encoding "UTF8"');
  }
}

type Scalar = string | number | boolean | null;
/**
 * A nested object or array goes to the database as its JSON text (what Postgres would make of it
 * for a text column), so it never parses deep structures; the type check still sees an object.
 */
type Nested = { toJSON(): string };
export type InsertRow = Record<string, Scalar | Nested>;

/** The rows of an insert body: one object or an array of objects, as PostgREST takes them. */
export function parseInsertBody(text: string, sameKeys = true) {
  const parsed = parseJson(text);
  const items: unknown[] = Array.isArray(parsed) ? parsed : [parsed];
  const rows: InsertRow[] = [];
  let keys: string[] | undefined;
  for (const item of items) {
    if (typeof item !== 'object' || item === null || Array.isArray(item))
      throw emptyOrInvalidJson();
    // No prototype: a "__proto__" key stays a key (and is refused as an unknown column).
    const row: InsertRow = Object.create(null) as InsertRow;
    for (const [key, value] of Object.entries(item)) {
      row[key] =
        typeof value === 'object' && value !== null
          ? { toJSON: () => JSON.stringify(value) }
          : (value as Scalar);
    }
    const rowKeys = Object.keys(row);
    if (keys === undefined) keys = rowKeys;
    else if (
      (sameKeys && rowKeys.length !== keys.length) ||
      !rowKeys.every((k) => keys?.includes(k))
    ) {
      throw pgrst(400, 'PGRST102', 'All object keys must match');
    }
    rows.push(row);
  }
  return { rows, keys: keys ?? [] };
}
