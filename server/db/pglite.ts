import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import * as wire from './pg-wire.ts';
import type { ApiRole, Db, Queryable, QueryResult } from './types.ts';

export interface PgliteOptions {
  /** A directory (created if missing), or undefined for an in-memory database. */
  dataDir?: string;
  /** An initialised data directory to start from (tests: skips the 6-8 s initdb). */
  loadDataDir?: Blob;
}

export interface PgliteDb extends Db {
  /** The data directory as a tarball (a template for tests). */
  dump(): Promise<Blob>;
}

// Role names come from a closed union, so interpolating them is safe; values never are.
const BEGIN_AS: Record<ApiRole, string> = {
  anon: 'begin; set local role anon',
  service_role: 'begin; set local role service_role',
};

/** One operation at a time: PGlite is one session, and a transaction must not interleave. */
function serialiser() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>): Promise<T> => {
    const run = tail.then(fn, fn);
    tail = run.catch(() => {});
    return run;
  };
}

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
export async function openPglite(options: PgliteOptions = {}): Promise<PgliteDb> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const pg = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
  });
  const serial = serialiser();
  const base = wrap(pg);
  const prepared = new Map<string, { name: string; ready: boolean }>();

  /**
   * The hot path in one call into the engine: BEGIN + SET LOCAL ROLE, the prepared statement
   * (parsed once per process), Sync, COMMIT. After an error the Sync leaves the transaction
   * aborted and the COMMIT rolls it back, so the session is clean either way.
   */
  async function pipeline(role: ApiRole, sql: string, params: (string | null)[]): Promise<void> {
    let statement = prepared.get(sql);
    if (!statement) {
      statement = { name: `hot_${prepared.size + 1}`, ready: false };
      prepared.set(sql, statement);
    }
    const w = wire.writer();
    wire.query(w, BEGIN_AS[role]);
    if (!statement.ready) wire.parse(w, statement.name, sql);
    wire.bind(w, statement.name, params);
    wire.execute(w);
    wire.sync(w);
    wire.query(w, 'commit');
    const { messages } = await pg.execProtocol(w.bytes(), { throwOnError: false });
    if (messages.some((m) => m.name === 'parseComplete')) statement.ready = true;
    const error = messages.find((m) => m.name === 'error');
    if (error) throw error;
  }

  return {
    kind: 'pglite',
    query: (sql, params) => serial(() => base.query(sql, params)),
    exec: (sql) => serial(() => base.exec(sql)),
    queryAs<T>(role: ApiRole, sql: string, params: unknown[]): Promise<QueryResult<T>> {
      return serial(() =>
        pg.transaction(async (tx) => {
          await tx.exec(BEGIN_AS[role].replace('begin; ', ''));
          const result = await tx.query<T>(sql, params);
          return { rows: result.rows };
        }),
      );
    },
    executeAs(role: ApiRole, sql: string, params: (string | null)[]): Promise<void> {
      return serial(() => pipeline(role, sql, params));
    },
    transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      return serial(() => pg.transaction((tx) => fn(wrap(tx))));
    },
    dump: () => serial(() => pg.dumpDataDir('none')),
    async close(): Promise<void> {
      await serial(async () => {
        if (!pg.closed) await pg.close();
      });
    },
  };
}
