import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { ApiRole, Db, Queryable, QueryResult } from './types.ts';

export interface PgliteOptions {
  /** A directory (created if missing), or undefined for an in-memory database. */
  dataDir?: string;
  /** An initialised data directory to start from (tests: skips the 6-8 s initdb). */
  loadDataDir?: Blob;
}

// Role names come from a closed union, so interpolating them is safe; values never are.
const SET_ROLE: Record<ApiRole, string> = {
  anon: 'set local role anon',
  service_role: 'set local role service_role',
};

function wrap(q: Pick<PGlite, 'query' | 'exec'>): Queryable {
  return {
    async query<T>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
      const result = await q.query<T>(sql, params);
      return { rows: result.rows };
    },
    async exec(sql: string): Promise<void> {
      await q.exec(sql);
    },
  };
}

/**
 * Embedded PostgreSQL (WebAssembly). One process per data directory: callers hold the
 * DATA_DIR lock (lock.ts) before opening a directory. Writes go straight to the OS without
 * fsync: a killed process loses nothing acknowledged, a power cut can.
 */
export interface PgliteDb extends Db {
  /** The data directory as a tarball (a template for tests). */
  dump(): Promise<Blob>;
}

export async function openPglite(options: PgliteOptions = {}): Promise<PgliteDb> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const pg = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
  });
  const base = wrap(pg);
  return {
    kind: 'pglite',
    ...base,
    queryAs<T>(role: ApiRole, sql: string, params: unknown[]): Promise<QueryResult<T>> {
      return pg.transaction(async (tx) => {
        await tx.exec(SET_ROLE[role]);
        const result = await tx.query<T>(sql, params);
        return { rows: result.rows };
      });
    },
    transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      return pg.transaction((tx) => fn(wrap(tx)));
    },
    dump: () => pg.dumpDataDir('none'),
    async close(): Promise<void> {
      if (!pg.closed) await pg.close();
    },
  };
}
