// The one small interface both database adapters implement. The REST layer and the organiser
// tools only ever see this.

/** The Supabase API roles a request can run as. */
export type ApiRole = 'anon' | 'service_role';

// Role names come from the closed union above, so spelling them into SQL is safe; values never
// are. Both adapters start a request's transaction with this.
export const setRole = (role: ApiRole) => `set local role ${role}`;

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Several statements separated by semicolons; no parameters. */
  exec(sql: string): Promise<void>;
}

/** A driver's client (its query answers rows) as a Queryable, `exec` running several statements
 * (the client's query by default): both adapters, and their transactions. */
export const queryable = (
  client: { query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }> },
  exec: (sql: string) => Promise<unknown> = (sql) => client.query(sql),
): Queryable => ({
  query: async <T>(sql: string, params: unknown[] = []) => ({
    rows: (await client.query(sql, params)).rows as T[],
  }),
  exec: async (sql) => void (await exec(sql)),
});

/** `query` and `exec` run as the connecting user (the health check, tests' fixtures). */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** The one way a request's statements run: one transaction under `SET LOCAL ROLE <role>`, so
   * the migration's grants and row-level security decide, as on Supabase (decision 0015). */
  transactionAs<T>(role: ApiRole, fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** A transaction as the connecting user (migrations). */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The fields of a PostgreSQL error that PostgREST passes on. */
export interface PgError {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
}

/** Both drivers throw errors carrying the server's fields; anything else is not a PgError. */
export function asPgError(error: unknown): PgError | null {
  if (typeof error !== 'object' || error === null) return null;
  const e = error as { code?: unknown; message?: unknown; detail?: unknown; hint?: unknown };
  if (typeof e.code !== 'string' || !/^[0-9A-Z]{5}$/.test(e.code)) return null;
  return {
    code: e.code,
    message: typeof e.message === 'string' ? e.message : '',
    details: typeof e.detail === 'string' ? e.detail : null,
    hint: typeof e.hint === 'string' ? e.hint : null,
  };
}
