import { mkdirSync } from 'node:fs';
import { PGlite, types } from '@electric-sql/pglite';
import { PRIVATE_DIR } from './lock.ts';
import { migrate } from './migrate.ts';
import { queryable, setRole, type Db } from './types.ts';

interface PgliteOptions {
  /** A directory (created if missing), or undefined for an in-memory database. */
  dataDir?: string;
  /** An initialised data directory to start from (tests: skips the 6-8 s initdb). */
  loadDataDir?: Blob;
}

/** 16 MB of shared buffers, not Postgres's 128 MB for many sessions: still all of a list of a
 * few MB, and a smaller process on a small VPS (docs/deploying.md, "Memory"). */
const MEMORY_PARAMS = ['-c', 'shared_buffers=16MB'];

const wrap = (q: Pick<PGlite, 'query' | 'exec'>) => queryable(q, (sql) => q.exec(sql));

/** Embedded PostgreSQL (WebAssembly), without fsync (decision 0001). One process per data
 * directory: callers hold the DATA_DIR lock (lock.ts) before opening a directory. */
export async function openPglite(
  options: PgliteOptions = {},
): Promise<Db & { dump(): Promise<Blob> }> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true, mode: PRIVATE_DIR });
  const pg = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    startParams: [...PGlite.defaultStartParams, ...MEMORY_PARAMS],
    // A boolean parameter reaches PostgreSQL as its text, as over pg: a caller's "maybe" is then
    // PostgreSQL's own 22P02 (a 400), not the plain error PGlite's serializer throws (a 500).
    serializers: { [types.BOOL]: String },
  });
  // PGlite is one session: it runs each query, exec and transaction to its end before the next,
  // so statements from concurrent requests never share a transaction.
  return {
    kind: 'pglite',
    ...wrap(pg),
    transactionAs: (role, fn) =>
      pg.transaction(async (tx) => {
        await tx.exec(setRole(role));
        return fn(wrap(tx));
      }),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    /** The data directory as a tarball (a template for tests). */
    dump: () => pg.dumpDataDir('none'),
    async close(): Promise<void> {
      if (!pg.closed) await pg.close();
    },
  };
}

/** A new embedded database with every migration applied as the server applies them, as a
 * tarball (for the tests' template and `npm run schema`). */
export async function migratedPgliteDump(): Promise<Blob> {
  const db = await openPglite();
  try {
    await migrate(db);
    return await db.dump();
  } finally {
    await db.close();
  }
}
