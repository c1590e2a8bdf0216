import { acquireLock, pgliteDir } from './lock.ts';
import { migrate } from './migrate.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import type { Db } from './types.ts';

/**
 * The configured database, migrated: PostgreSQL when DATABASE_URL is set, else PGlite in
 * DATA_DIR under its lock (throws DataDirLockedError when another process has it).
 */
export async function openDatabase(settings: { dataDir: string; databaseUrl: string | undefined }) {
  const { dataDir, databaseUrl } = settings;
  const lock = databaseUrl ? undefined : acquireLock(dataDir);
  let db: Db | undefined;
  try {
    db = databaseUrl
      ? openPostgres({ connectionString: databaseUrl })
      : await openPglite({ dataDir: pgliteDir(dataDir) });
    await migrate(db);
  } catch (error) {
    await db?.close().catch(() => {});
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
