import { acquireLock, pgliteDir, type DataDirLock } from './lock.ts';
import { migrate } from './migrate.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import type { Db } from './types.ts';

export interface OpenedDb {
  db: Db;
  /** Held while PGlite has DATA_DIR open; absent on DATABASE_URL. */
  lock: DataDirLock | undefined;
  close(): Promise<void>;
}

/**
 * The configured database, migrated: PostgreSQL when DATABASE_URL is set, else PGlite in
 * DATA_DIR under its lock (throws DataDirLockedError when another process has it).
 */
export async function openDatabase(settings: {
  dataDir: string;
  databaseUrl: string | undefined;
}): Promise<OpenedDb> {
  let db: Db;
  let lock: DataDirLock | undefined;
  if (settings.databaseUrl) {
    db = openPostgres({ connectionString: settings.databaseUrl });
  } else {
    lock = acquireLock(settings.dataDir);
    try {
      db = await openPglite({ dataDir: pgliteDir(settings.dataDir) });
    } catch (error) {
      lock.release();
      throw error;
    }
  }
  try {
    await migrate(db);
  } catch (error) {
    await db.close().catch(() => {});
    lock?.release();
    throw error;
  }
  return {
    db,
    lock,
    async close() {
      await db.close();
      lock?.release();
    },
  };
}
