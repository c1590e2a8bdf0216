import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db } from './types.ts';

const BOOTSTRAP = readFileSync(new URL('./bootstrap.sql', import.meta.url), 'utf8');
const MIGRATIONS_DIR = fileURLToPath(new URL('../../supabase/migrations/', import.meta.url));

// Any constant works; it only has to be the same in every process migrating one database.
const MIGRATION_LOCK_KEY = 7_352_001;

/** The file a migration came from, as the error names it. */
export const migrationFile = (m: Pick<Migration, 'version' | 'name'>) =>
  `supabase/migrations/${m.version}_${m.name}.sql`;

/** sha256 of the text, line endings normalised (a Windows checkout is not a change). */
export const checksum = (sql: string) =>
  createHash('sha256').update(sql.replace(/\r\n/g, '\n')).digest('hex');

/** An applied migration whose file has since changed: migrations only ever move forward. */
export class MigrationChangedError extends Error {
  constructor(m: Migration) {
    super(
      `${migrationFile(m)} was changed after it was applied: restore it (git checkout) and put the change in a new migration`,
    );
    this.name = 'MigrationChangedError';
  }
}

/** Supabase CLI naming: `<UTC timestamp>_<name>.sql`, applied in timestamp order. */
export function readMigrations(dir = MIGRATIONS_DIR) {
  return readdirSync(dir)
    .sort()
    .flatMap((file) => {
      const [, version, name] = /^(\d{14})_(.+)\.sql$/.exec(file) ?? [];
      return version ? [{ version, name, sql: readFileSync(`${dir}/${file}`, 'utf8') }] : [];
    });
}

type Migration = ReturnType<typeof readMigrations>[number];

/**
 * Creates the Supabase roles where missing, checks that no applied migration has changed since
 * (sha256 kept per version), then applies, in one transaction, every migration
 * not yet recorded. Idempotent; concurrent callers on one database wait for each other.
 * Returns the versions it applied.
 */
export async function migrate(db: Db, migrations: Migration[] = readMigrations()) {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(BOOTSTRAP);
    const { rows } = await tx.query<{ version: string; sha256: string | null }>(
      `select m.version, c.sha256 from supabase_migrations.schema_migrations m
         left join supabase_migrations.checksums c using (version)`,
    );
    const done = new Map(rows.map((row) => [row.version, row.sha256]));
    const applied: string[] = [];
    const record = (m: Migration) =>
      tx.query(
        `insert into supabase_migrations.checksums (version, sha256) values ($1, $2)
           on conflict (version) do nothing`,
        [m.version, checksum(m.sql)],
      );
    for (const migration of migrations) {
      if (done.has(migration.version)) {
        const known = done.get(migration.version);
        // Applied before checksums were kept (or by `supabase db push`): trust it once, record it.
        if (known === null) await record(migration);
        else if (known !== checksum(migration.sql)) throw new MigrationChangedError(migration);
        continue;
      }
      await tx.exec(migration.sql);
      await tx.query(
        'insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)',
        [migration.version, migration.name],
      );
      await record(migration);
      applied.push(migration.version);
    }
    return applied;
  });
}
