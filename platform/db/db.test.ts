import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  POSTGRES_SKIP_REASON,
  TEST_DATABASE_URL,
  testDatabases,
} from '../../test-support/databases.ts';
import { acquireLock, DataDirLockedError, LOCK_FILE, readLock } from './lock.ts';
import { checksum, migrate, MigrationChangedError, readMigrations } from './migrate.ts';
import { IDLE_IN_TRANSACTION_MS, openPostgres } from './postgres.ts';
import type { Db } from './types.ts';

if (!TEST_DATABASE_URL) describe.skip(POSTGRES_SKIP_REASON, () => it('migrations on PostgreSQL'));

describe.each(testDatabases())('migrations on $name', (database) => {
  let db: Db;
  beforeAll(async () => {
    db = await database.open(); // already migrated once
  });
  afterAll(() => database.dispose(db));

  it('are recorded in Supabase CLI bookkeeping and idempotent', async () => {
    expect(await migrate(db)).toEqual([]);
    expect(await migrate(db)).toEqual([]);
    const { rows } = await db.query<{ version: string }>(
      'select version from supabase_migrations.schema_migrations order by version',
    );
    expect(rows.map((r) => r.version)).toEqual(readMigrations().map((m) => m.version));
  });

  it('give anon insert only, under row-level security, and nothing to read', async () => {
    const { rows } = await db.query<{ privilege_type: string; column_name: string }>(
      `select privilege_type, column_name from information_schema.column_privileges
        where table_name = 'tedxcommunity_emails' and grantee = 'anon' order by 1, 2`,
    );
    expect(rows).toEqual([
      { privilege_type: 'INSERT', column_name: 'email' },
      { privilege_type: 'INSERT', column_name: 'first_name' },
      { privilege_type: 'INSERT', column_name: 'source' },
    ]);
    const rls = await db.query<{ on: string }>(
      `select relrowsecurity::text as on from pg_class where relname = 'tedxcommunity_emails'`,
    );
    expect(rls.rows[0].on).toBe('true');
    await expect(
      db.transactionAs('anon', (tx) =>
        tx.query('select count(*) from public.tedxcommunity_emails'),
      ),
    ).rejects.toMatchObject({ code: '42501' });
  });

  it('stop at an applied migration whose file changed, naming the file', async () => {
    const changed = readMigrations().map((m, i) =>
      i === 1 ? { ...m, sql: m.sql + '\n-- edited after it ran\n' } : m,
    );
    const file = `supabase/migrations/${changed[1].version}_${changed[1].name}.sql`;
    await expect(migrate(db, changed)).rejects.toThrow(MigrationChangedError);
    await expect(migrate(db, changed)).rejects.toThrow(`${file} was changed after it was applied`);
    // A Windows checkout (CRLF) is not a change.
    const crlf = readMigrations().map((m) => ({ ...m, sql: m.sql.replace(/\n/g, '\r\n') }));
    expect(await migrate(db, crlf)).toEqual([]);
  });

  it('record the checksums of a database migrated before they were kept, then hold it to them', async () => {
    await db.exec('delete from supabase_migrations.checksums');
    expect(await migrate(db)).toEqual([]);
    const { rows } = await db.query<{ version: string; sha256: string }>(
      'select version, sha256 from supabase_migrations.checksums order by version',
    );
    expect(rows).toEqual(
      readMigrations().map((m) => ({ version: m.version, sha256: checksum(m.sql) })),
    );
  });

  it.skipIf(database.name === 'pglite')(
    'give anon requests a 3 s statement timeout, and the service role none',
    async () => {
      // (PGlite runs in one thread with no timer to cancel a statement: it is not sent there.)
      const setting = (role: 'anon' | 'service_role') =>
        db.transactionAs(role, (tx) =>
          tx.query<{ t: string }>("select current_setting('statement_timeout') as t"),
        );
      expect((await setting('anon')).rows[0].t).toBe('3s');
      expect((await setting('service_role')).rows[0].t).toBe('0');
      await expect(
        db.transactionAs('anon', (tx) => tx.query('select pg_sleep(5)')),
      ).rejects.toMatchObject({
        code: '57014',
      });
    },
    15_000,
  );

  it('apply pending migrations in order, each once', async () => {
    const extra = [
      {
        version: '29990101000000',
        name: 'second',
        sql: 'create table public.mig_probe (n int); insert into public.mig_probe values (2);',
      },
      { version: '29990101000001', name: 'third', sql: 'insert into public.mig_probe values (3);' },
    ];
    expect(await migrate(db, [...readMigrations(), ...extra])).toEqual([
      '29990101000000',
      '29990101000001',
    ]);
    expect(await migrate(db, [...readMigrations(), ...extra])).toEqual([]);
    const { rows } = await db.query<{ n: number }>('select n from public.mig_probe order by n');
    expect(rows.map((r) => Number(r.n))).toEqual([2, 3]);
    await db.exec(
      `drop table public.mig_probe; delete from supabase_migrations.schema_migrations where version like '2999%';
       delete from supabase_migrations.checksums where version like '2999%'`,
    );
  });
});

// Concurrency needs a server with many sessions: PGlite is one session and runs one transaction
// at a time, so only PostgreSQL can show that concurrent runs do not conflict.
describe.skipIf(!TEST_DATABASE_URL)('migrations on a fresh PostgreSQL database', () => {
  /** Three pools migrate one new database at once: the versions each applied. */
  async function migrateTogether(name: string): Promise<{ applied: number[]; recorded: string[] }> {
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(TEST_DATABASE_URL ?? '');
    url.pathname = `/${name}`;
    const pools = [1, 2, 3].map(() => openPostgres({ connectionString: url.toString() }));
    try {
      // Connected first, so the three runs start together.
      await Promise.all(pools.map((pool) => pool.query('select 1')));
      const applied = await Promise.all(pools.map((pool) => migrate(pool)));
      const { rows } = await pools[0].query<{ version: string }>(
        'select version from supabase_migrations.schema_migrations order by version',
      );
      return { applied: applied.map((a) => a.length), recorded: rows.map((r) => r.version) };
    } finally {
      await Promise.all(pools.map((pool) => pool.close()));
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }

  it('run concurrently from three pools: one applies every migration, each version once', async () => {
    const versions = readMigrations().map((m) => m.version);
    // A few rounds: one alone may happen not to overlap.
    for (let round = 0; round < 3; round++) {
      const { applied, recorded } = await migrateTogether(`tedx_together_${process.pid}_${round}`);
      expect(applied.sort((a, b) => a - b)).toEqual([0, 0, versions.length]);
      expect(recorded).toEqual(versions);
    }
  }, 60_000);
});

// A process stopped between two statements of a transaction (a laptop's lid closed mid-request)
// is, to PostgreSQL, a session idle in transaction: the test's own paused transaction is one.
describe.skipIf(!TEST_DATABASE_URL)('a transaction left waiting between statements', () => {
  it('is ended by PostgreSQL after the idle timeout: its locks freed, nothing of it kept, the pool unharmed', async () => {
    const table = `public.tedx_idle_probe_${process.pid}`;
    const db = openPostgres({ connectionString: TEST_DATABASE_URL ?? '' });
    let wake = () => {};
    const asleep = new Promise<void>((resolve) => (wake = resolve));
    try {
      const setting = await db.transaction((tx) =>
        tx.query<{ t: string }>("select current_setting('idle_in_transaction_session_timeout') t"),
      );
      expect(setting.rows[0].t).toBe(`${IDLE_IN_TRANSACTION_MS / 1000}s`);

      await db.exec(`create table ${table} (n int)`);
      const stopped = db.transaction(async (tx) => {
        // The timeout, shortened for this one transaction: PostgreSQL reads it as the session
        // goes idle.
        await tx.exec("set local idle_in_transaction_session_timeout = '300ms'");
        await tx.exec(`insert into ${table} values (1)`);
        await tx.query('select pg_advisory_xact_lock(4242)');
        await asleep;
        await tx.query('select 1');
      });
      // Another session waits on its lock, and gets it once PostgreSQL ends the sleeping one.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const took = performance.now();
      await db.transaction((tx) => tx.query('select pg_advisory_xact_lock(4242)'));
      expect(performance.now() - took).toBeLessThan(5_000);

      wake();
      await expect(stopped).rejects.toThrow();
      expect((await db.query(`select count(*)::int n from ${table}`)).rows).toEqual([{ n: 0 }]);
      await db.transaction((tx) => tx.exec(`insert into ${table} values (2)`));
      expect((await db.query(`select n from ${table}`)).rows).toEqual([{ n: 2 }]);
    } finally {
      wake();
      await db.exec(`drop table if exists ${table}`);
      await db.close();
    }
  }, 15_000);
});

describe('DATA_DIR lock', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'tedx-lock-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps a second process out while the first lives, and lets it in after', async () => {
    const child = spawn(
      process.execPath,
      [
        '-e',
        `import('${new URL('./lock.ts', import.meta.url).href}').then((m) => { m.acquireLock(${JSON.stringify(dir)}).update(4321, '127.0.0.1'); console.log('locked'); setInterval(() => {}, 1000); })`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    expect(readLock(dir)).toEqual({ pid: child.pid, port: 4321, host: '127.0.0.1' });
    expect(() => acquireLock(dir)).toThrow(DataDirLockedError);

    child.kill('SIGKILL'); // leaves a stale lock file behind
    await new Promise((resolve) => child.once('exit', resolve));
    expect(readLock(dir)).toBeNull();
    const lock = acquireLock(dir);
    expect(readLock(dir)?.pid).toBe(process.pid);
    lock.release();
    expect(readLock(dir)).toBeNull();
  });

  it('treats a garbled lock file as stale, and takes the lock', () => {
    writeFileSync(join(dir, LOCK_FILE), 'garbage');
    const lock = acquireLock(dir);
    expect(readLock(dir)?.pid).toBe(process.pid);
    expect(() => acquireLock(dir)).toThrow(DataDirLockedError);
    lock.release();
    expect(readLock(dir)).toBeNull();
  });

  /** Processes that each try to take the lock at the same moment, and hold what they took
   * until killed: their answers, 'locked' or 'refused'. */
  async function together(count: number): Promise<string[]> {
    const at = Date.now() + 1_500; // every process has started by then
    const children = Array.from({ length: count }, () =>
      spawn(
        process.execPath,
        [
          '-e',
          `import('${new URL('./lock.ts', import.meta.url).href}').then((m) => {
             while (Date.now() < ${at});
             try { m.acquireLock(${JSON.stringify(dir)}); console.log('locked'); }
             catch (e) { console.log(e instanceof m.DataDirLockedError ? 'refused' : String(e)); }
             setInterval(() => {}, 1000);
           })`,
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      ),
    );
    try {
      return await Promise.all(
        children.map(
          (child) =>
            new Promise<string>((resolve) =>
              child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())),
            ),
        ),
      );
    } finally {
      for (const child of children) child.kill('SIGKILL');
      await Promise.all(children.map((child) => new Promise((r) => child.once('exit', r))));
    }
  }

  it('lets exactly one of many processes in when they start together, over no lock or a stale one', async () => {
    for (let round = 0; round < 4; round++) {
      // Even rounds: no lock file. Odd rounds: the lock of the previous round's killed holder.
      if (round % 2 === 0) rmSync(join(dir, LOCK_FILE), { force: true });
      const answers = await together(8);
      expect(answers.filter((a) => a === 'locked')).toHaveLength(1);
      expect(answers.filter((a) => a === 'refused')).toHaveLength(7);
    }
  }, 60_000);
});
