// Where the organiser commands read and write: hosted Supabase, DATABASE_URL, the running
// server (which holds DATA_DIR), or DATA_DIR itself when no server has it. The database
// engines are loaded only when a command opens one: asking the running server (launch day)
// needs neither PGlite nor pg, and without them `npm run announce` starts with a heap 3 MB
// smaller, which every full collection of its small heap marks again (docs/performance.md).
import { closeSync, existsSync, fchmodSync, openSync, writeFileSync } from 'node:fs';
import {
  acquireLock,
  DataDirLockedError,
  pgliteDir,
  readLock,
  type DataDirLock,
  type LockInfo,
} from '../platform/db/lock.ts';
import type { Db } from '../platform/db/types.ts';
import { readServiceRoleKey } from '../platform/service-key.ts';
import type { Settings } from '../platform/settings.ts';

export class CliError extends Error {}

/** An error's first line; Node's connection errors can have an empty message but a code. */
export function firstLine(error: unknown): string {
  const { message, code } = error as { message?: string; code?: string };
  return (message || code || String(error)).split('\n')[0];
}

/**
 * Writes the file named by --out, or says in one line why it could not. With `mode`, the file has
 * that mode before anything is written to it, also when it already existed (writeFileSync's mode
 * applies only to a file it creates).
 */
export function writeOutFile(out: string, contents: string, mode?: number): void {
  try {
    if (mode === undefined) {
      writeFileSync(out, contents);
      return;
    }
    const fd = openSync(out, 'w', mode);
    try {
      fchmodSync(fd, mode);
      writeFileSync(fd, contents);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    throw new CliError(
      `Could not write ${out} (${code ?? firstLine(error)}): choose another --out FILE`,
    );
  }
}

/** The holder once it answers on a port, or null when it ended (another command, say). */
async function waitForPort(dataDir: string, holder: LockInfo): Promise<LockInfo | null> {
  for (let i = 0; i < 100 && holder.port === null; i++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const now = readLock(dataDir);
    if (!now) return null; // it ended: the directory is free now
    holder = now;
  }
  if (holder.port === null)
    throw new CliError(
      `${dataDir} is held by process ${holder.pid} (another organiser command, or a server that is not answering): wait for it to end, then try again`,
    );
  return holder;
}

/**
 * Where the organiser commands read and write: a database they hold themselves, or a
 * PostgREST-compatible API (hosted Supabase, or the running server) with the service-role key.
 */
export type Backend =
  | { kind: 'db'; db: Db; description: string; close(): Promise<void> }
  | { kind: 'rest'; url: string; key: string; description: string; close(): Promise<void> }
  | { kind: 'none'; description: string; close(): Promise<void> };

/**
 * Brings a database just opened up to date. Whatever stops that (a server that refuses or is not
 * there, a database or user that does not exist, a merged migration edited) is one line.
 */
async function migrateOrExplain(db: Db, description: string, advice: string): Promise<void> {
  const { migrate, MigrationChangedError } = await import('../platform/db/migrate.ts');
  try {
    await migrate(db);
  } catch (error) {
    await db.close().catch(() => {});
    if (error instanceof MigrationChangedError) throw new CliError(error.message);
    throw new CliError(`Could not open ${description}: ${firstLine(error)}. ${advice}`);
  }
}

export async function openBackend(settings: Settings): Promise<Backend> {
  const none = async () => {};
  if (settings.supabaseUrl) {
    if (!settings.serviceRoleKey)
      throw new CliError('SUPABASE_URL is set: set SUPABASE_SERVICE_ROLE_KEY too');
    const url = settings.supabaseUrl;
    const description = `Supabase at ${url}`;
    return { kind: 'rest', url, key: settings.serviceRoleKey, description, close: none };
  }
  if (settings.databaseUrl) {
    const { openPostgres } = await import('../platform/db/postgres.ts');
    const db = openPostgres({ connectionString: settings.databaseUrl, max: 1 });
    const description = 'PostgreSQL (DATABASE_URL)';
    await migrateOrExplain(
      db,
      description,
      'Check DATABASE_URL, and that the database server is running',
    );
    return { kind: 'db', db, description, close: () => db.close() };
  }
  const { dataDir } = settings;
  let holder = readLock(dataDir);
  if (holder) {
    // PGlite allows one process per directory: ask the server that has it.
    const answering = await waitForPort(dataDir, holder);
    if (!answering) return openBackend(settings);
    holder = answering;
    const key = readServiceRoleKey(settings.serviceRoleKey, dataDir);
    if (!key)
      throw new CliError(`No service-role key: set SUPABASE_SERVICE_ROLE_KEY as the server has it`);
    const host =
      !holder.host || holder.host === '0.0.0.0' || holder.host === '::' ? '127.0.0.1' : holder.host;
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${holder.port}`;
    const description = `the running server (${url}, DATA_DIR ${dataDir})`;
    return { kind: 'rest', url, key, description, close: none };
  }
  if (!existsSync(pgliteDir(dataDir)))
    return { kind: 'none', description: `${dataDir} (no database yet)`, close: none };
  let lock: DataDirLock;
  try {
    lock = acquireLock(dataDir);
  } catch (error) {
    // Another command took the directory since readLock above (two started together): the same
    // as finding it held, so wait for it or ask it like any holder.
    if (error instanceof DataDirLockedError) return openBackend(settings);
    throw error;
  }
  try {
    const { openPglite } = await import('../platform/db/pglite.ts');
    const db = await openPglite({ dataDir: pgliteDir(dataDir) });
    const description = `PGlite in ${dataDir}`;
    await migrateOrExplain(db, description, 'Check DATA_DIR');
    const close = async () => {
      await db.close();
      lock.release();
    };
    return { kind: 'db', db, description, close };
  } catch (error) {
    lock.release();
    throw error;
  }
}
