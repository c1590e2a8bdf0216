import { createHash } from 'node:crypto';
import pg from 'pg';
import { LRUCache } from 'lru-cache';
import {
  BEGIN_AS,
  STATEMENT_TIMEOUT,
  type ApiRole,
  type Db,
  type Queryable,
  type QueryResult,
} from './types.ts';

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

/**
 * A stable name per statement text, so each pooled connection prepares it once. Only for
 * executeAs (the sign-up insert, a few shapes): each name stays prepared on every connection,
 * so nothing whose text a request can vary is ever named.
 */
const statementNames = new LRUCache<string, string>({ max: 32 });
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (!name) {
    name = 's_' + createHash('sha1').update(sql).digest('hex').slice(0, 16);
    statementNames.set(sql, name);
  }
  return name;
}

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
      const result = await client.query(sql, params);
      return { rows: result.rows as T[] };
    },
    async exec(sql: string): Promise<void> {
      await client.query(sql);
    },
  };
}

export interface PostgresOptions {
  connectionString: string;
  max?: number;
}

const beginAs: Record<ApiRole, string> = {
  anon: `${BEGIN_AS.anon}; ${STATEMENT_TIMEOUT.anon}`,
  service_role: `${BEGIN_AS.service_role}; ${STATEMENT_TIMEOUT.service_role}`,
};

/** PostgreSQL through a connection pool (DATABASE_URL). */
export function openPostgres(options: PostgresOptions): Db {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    types,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});

  async function inTransaction<T>(begin: string, fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await client.query(begin);
      const value = await fn(client);
      await client.query('commit');
      return value;
    } catch (error) {
      await client.query('rollback').catch((e: Error) => (broken = e));
      throw error;
    } finally {
      client.release(broken);
    }
  }

  return {
    kind: 'postgres',
    ...wrap(pool),
    queryAs<T>(role: ApiRole, sql: string, params: unknown[]): Promise<QueryResult<T>> {
      return inTransaction(beginAs[role], (client) => wrap(client).query<T>(sql, params));
    },
    executeAs(role: ApiRole, sql: string, params: (string | null)[]): Promise<void> {
      return inTransaction(beginAs[role], async (client) => {
        await client.query({ name: statementName(sql), text: sql, values: params });
      });
    },
    transactionAs<T>(role: ApiRole, fn: (tx: Queryable) => Promise<T>): Promise<T> {
      return inTransaction(beginAs[role], (client) => fn(wrap(client)));
    },
    transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      return inTransaction('begin', (client) => fn(wrap(client)));
    },
    async close(): Promise<void> {
      await pool.end();
    },
  };
}
