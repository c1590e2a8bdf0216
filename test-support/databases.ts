// Databases for tests. PGlite: one migrated template per migration set, dumped once to the OS
// temp dir and loaded (0.3 s) by every test file instead of a fresh initdb (3-8 s).
// PostgreSQL: when TEST_DATABASE_URL is set (.ci/run sets it), each test file gets its own
// database in that cluster, dropped afterwards.
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrate, readMigrations } from '../platform/db/migrate.ts';
import { migratedPgliteDump, openPglite } from '../platform/db/pglite.ts';
import { openPostgres } from '../platform/db/postgres.ts';
import type { Db } from '../platform/db/types.ts';
import { TABLE } from '../server/rest/insert.ts';
import { startServer, type ServerProcess } from './server-process.ts';

const migrationsHash = createHash('sha1')
  .update(
    readMigrations()
      .map((m) => m.version + m.sql)
      .join('\n'),
  )
  .update(readFileSync(new URL('../platform/db/bootstrap.sql', import.meta.url)))
  // A new PGlite may not read an older one's data directory.
  .update(
    readFileSync(new URL('../node_modules/@electric-sql/pglite/package.json', import.meta.url)),
  )
  .digest('hex')
  .slice(0, 12);
const TEMPLATE = join(tmpdir(), `tedx-pglite-template-${migrationsHash}.tar`);

/** A migrated PGlite data directory as a tarball, built once per machine and migration set. */
export async function pgliteTemplate(): Promise<Blob> {
  if (!existsSync(TEMPLATE)) {
    const dump = await migratedPgliteDump();
    const partial = `${TEMPLATE}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, TEMPLATE); // atomic: parallel test files never see half a file
  }
  return new Blob([readFileSync(TEMPLATE)]);
}

/** A migrated PGlite data directory on disk (for server processes), ready in well under a second.
 * `seed` fills it (or changes it) on the same open database, so no test opens it twice. */
export async function seedPgliteDir(
  dataDir: string,
  seed?: (db: Db) => Promise<unknown>,
): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const db = await openPglite({
    dataDir: join(dataDir, 'pgdata'),
    loadDataDir: await pgliteTemplate(),
  });
  try {
    await seed?.(db);
  } finally {
    await db.close();
  }
}

export interface PgliteServer extends ServerProcess {
  dataDir: string;
  /** Stops the server, then deletes its data directory. */
  dispose(): Promise<void>;
}

/** A real server process (startServer) on a fresh migrated PGlite data directory, seeded first
 * when `seed` is given. */
export async function serverOnPglite(
  env: Record<string, string | undefined> = {},
  seed?: (db: Db) => Promise<unknown>,
): Promise<PgliteServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tedx-server-'));
  const remove = () => rmSync(dataDir, { recursive: true, force: true });
  try {
    await seedPgliteDir(dataDir, seed);
    const server = await startServer({ ...env, DATA_DIR: dataDir });
    return {
      ...server,
      dataDir,
      async dispose() {
        await server.stop();
        remove();
      },
    };
  } catch (error) {
    remove();
    throw error;
  }
}

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  open(): Promise<Db>;
  /** Empty the table between tests. */
  reset(db: Db): Promise<void>;
  dispose(db: Db): Promise<void>;
  /** For subprocesses (CLI, server) on PostgreSQL. */
  url?: string;
}

const reset = async (db: Db) => {
  await db.exec(`delete from ${TABLE}; delete from public.tedxcommunity_signup_budget;
    select setval(c.oid::regclass, 1, false) from pg_class c
    where c.relnamespace = 'tedxcommunity_budget'::regnamespace and c.relkind = 'S'`);
};

export const pgliteDatabase: TestDatabase = {
  name: 'pglite',
  async open() {
    return openPglite({ loadDataDir: await pgliteTemplate() });
  },
  reset,
  dispose: (db) => db.close(),
};

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

export function postgresDatabase(adminUrl: string): TestDatabase {
  const name = `tedx_test_${process.pid}_${randomBytes(3).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const admin = () => new pg.Client({ connectionString: adminUrl });
  const database: TestDatabase = {
    name: 'postgres',
    url: url.toString(),
    async open() {
      const client = admin();
      await client.connect();
      await client.query(`create database ${name}`);
      await client.end();
      const db = openPostgres({ connectionString: url.toString() });
      await migrate(db);
      return db;
    },
    reset,
    async dispose(db) {
      await db.close();
      const client = admin();
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
  return database;
}

/** Every database the suite runs on here: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function testDatabases(): TestDatabase[] {
  return TEST_DATABASE_URL
    ? [pgliteDatabase, postgresDatabase(TEST_DATABASE_URL)]
    : [pgliteDatabase];
}

export const POSTGRES_SKIP_REASON =
  'TEST_DATABASE_URL is not set: the PostgreSQL runs of this suite are skipped (.ci/run sets it)';
