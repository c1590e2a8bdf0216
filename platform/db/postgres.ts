import pg from 'pg';
import { queryable, setRole, type ApiRole, type Db } from './types.ts';

// Keep timestamps and big numbers as PostgreSQL prints them: the REST layer builds its JSON in
// SQL, and the CLI writes what the database holds. Everything else (booleans, small integers)
// parsed as PGlite parses it, so both adapters answer alike.
const types = new pg.TypeOverrides();
for (const oid of [
  pg.types.builtins.INT8,
  pg.types.builtins.NUMERIC,
  pg.types.builtins.DATE,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.TIMESTAMPTZ,
])
  types.setTypeParser(oid, 'text', (value: string) => value);

/** Hosted Supabase's statement timeouts: 3 s for anon, none for the service role. Only this
 * adapter sends them: PGlite has no timer that could cancel a statement. */
const beginAs = (role: ApiRole) =>
  `begin; ${setRole(role)}; set local statement_timeout = '${role === 'anon' ? '3s' : '0'}'`;

/**
 * How long a transaction may wait on this process between its statements before PostgreSQL ends
 * the session, rolling it back and freeing its locks: only a stopped process waits (a laptop's
 * lid closed mid-request; docs/launch-day.md). Well inside the announce lease (90 s).
 */
export const IDLE_IN_TRANSACTION_MS = 10_000;

/** PostgreSQL through a connection pool (DATABASE_URL). */
export function openPostgres({ connectionString }: { connectionString: string }): Db {
  const pool = new pg.Pool({
    connectionString,
    types,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});

  async function inTransaction<T>(begin: string, fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    let broken: Error | undefined;
    // Nor must a session ended between two statements (the timeout above, a restart): the
    // next statement fails, the transaction rolls back, and the client is not reused.
    const lost = (error: Error) => (broken = error);
    client.on('error', lost);
    try {
      await client.query(begin);
      const value = await fn(client);
      await client.query('commit');
      return value;
    } catch (error) {
      await client.query('rollback').catch((e: Error) => (broken = e));
      throw error;
    } finally {
      client.off('error', lost);
      client.release(broken);
    }
  }

  return {
    kind: 'postgres',
    ...queryable(pool),
    transactionAs: (role, fn) => inTransaction(beginAs(role), (client) => fn(queryable(client))),
    transaction: (fn) => inTransaction('begin', (client) => fn(queryable(client))),
    close: () => pool.end(),
  };
}
