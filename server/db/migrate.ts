import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db } from './types.ts';

const BOOTSTRAP = readFileSync(new URL('./bootstrap.sql', import.meta.url), 'utf8');
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../supabase/migrations/', import.meta.url));

// Any constant works; it only has to be the same in every process migrating one database.
const MIGRATION_LOCK_KEY = 7_352_001;

export interface Migration {
  version: string;
  name: string;
  sql: string;
}

/** Supabase CLI naming: `<UTC timestamp>_<name>.sql`, applied in timestamp order. */
export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{14}_.+\.sql$/.test(file))
    .sort()
    .map((file) => {
      const [, version, name] = /^(\d{14})_(.+)\.sql$/.exec(file) ?? [];
      return { version, name, sql: readFileSync(`${dir}/${file}`, 'utf8') };
    });
}

/**
 * Creates the Supabase roles where missing, then applies, in one transaction, every migration
 * not yet recorded. Idempotent; concurrent callers on one database wait for each other.
 * Returns the versions it applied.
 */
export async function migrate(
  db: Db,
  migrations: Migration[] = readMigrations(),
): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(BOOTSTRAP);
    const { rows } = await tx.query<{ version: string }>(
      'select version from supabase_migrations.schema_migrations',
    );
    const done = new Set(rows.map((row) => row.version));
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      await tx.exec(migration.sql);
      await tx.query(
        'insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)',
        [migration.version, migration.name],
      );
      applied.push(migration.version);
    }
    return applied;
  });
}
