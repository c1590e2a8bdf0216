// `npm run schema`: supabase/schema.sql, the database as the migrations leave it, written by
// pg_dump run on the embedded PGlite (docs/decisions/0013-schema-snapshot.md).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import { readMigrations } from '../platform/db/migrate.ts';
import { migratedPgliteDump } from '../platform/db/pglite.ts';

export const SCHEMA_FILE = fileURLToPath(new URL('../supabase/schema.sql', import.meta.url));

const HEADER = `-- The database as supabase/migrations/ leave it: the public schema, tedxcommunity_budget (less
-- its 256 counter sequences, counter_0 to counter_255) and tedxcommunity_mail, written by
-- pg_dump --schema-only.
-- Generated: do not edit. Change the schema with a new migration, then run
-- \`npm run schema\` and commit this file with it.

`;

/** The schema of a migrated PGlite data directory, as pg_dump writes it. */
export async function schemaSql(dataDir: Blob): Promise<string> {
  const pg = await PGlite.create({ loadDataDir: dataDir });
  try {
    // No owner lines: every object belongs to the one superuser here (postgres on Supabase).
    const dump = await pgDump({
      pg,
      args: [
        '--schema-only',
        '--schema=public',
        '--schema=tedxcommunity_budget',
        '--exclude-table=tedxcommunity_budget.counter_*',
        '--schema=tedxcommunity_mail',
        '--no-owner',
      ],
    });
    return HEADER + (await dump.text());
  } finally {
    await pg.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const sql = await schemaSql(await migratedPgliteDump());
    const before = existsSync(SCHEMA_FILE) ? readFileSync(SCHEMA_FILE, 'utf8') : '';
    const count = (pattern: RegExp, one: string, many: string) => {
      const n = sql.match(pattern)?.length ?? 0;
      return `${n} ${n === 1 ? one : many}`;
    };
    const summary =
      `${readMigrations().length} migrations: ${count(/^CREATE TABLE /gm, 'table', 'tables')}, ` +
      `${count(/^CREATE FUNCTION /gm, 'function', 'functions')}, ` +
      count(/^CREATE POLICY /gm, 'policy', 'policies');
    if (before.replace(/\r\n/g, '\n') === sql) {
      console.log(`npm run schema: supabase/schema.sql was already up to date (${summary}).`);
    } else {
      writeFileSync(SCHEMA_FILE, sql);
      console.log(
        `npm run schema: wrote supabase/schema.sql (${summary}). Commit it with the migration.`,
      );
    }
  } catch (error) {
    console.error(
      `npm run schema: could not apply the migrations to a new database: ${(error as Error).message}. ` +
        'Fix the migration it names (npm test shows the same error), then run npm run schema again.',
    );
    process.exit(1);
  }
}
