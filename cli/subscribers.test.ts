// The CLI on DATABASE_URL (the embedded database, running and stopped, is covered with the
// real server in server/server.test.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../platform/db/types.ts';
import {
  postgresDatabase,
  POSTGRES_SKIP_REASON,
  TEST_DATABASE_URL,
  type TestDatabase,
} from '../test-support/databases.ts';
import { runCli } from '../test-support/server-process.ts';

describe('subscribers CLI usage', () => {
  it.each([
    [
      ['list'],
      'Unknown command "list": use one of export, count, remove, forget, suppressed, unsuppress, report, bounces, erase',
    ],
    [
      [],
      'Name a command: export, count, remove, forget, suppressed, unsuppress, report, bounces, erase',
    ],
    [['remove'], 'remove needs one EMAIL, e.g. npm run subscribers -- remove someone@example.org'],
    [['count', 'all'], 'count takes nothing after it'],
    [['export', '--file', 'x.csv'], 'export takes only --out FILE'],
    [['export', '--out'], 'export takes only --out FILE'],
    [['export', '--out='], 'export takes only --out FILE'],
    [['report', '--out', 'a.html', 'b'], 'report takes only --out FILE'],
    [['erase', '--yes', 'now'], 'erase takes only --yes'],
    [['suppressed', '--out', 'x'], 'suppressed takes nothing after it'],
    [
      ['forget', 'a@example.org', 'b@example.org'],
      'forget needs one EMAIL, e.g. npm run subscribers -- forget someone@example.org',
    ],
    [
      ['unsuppress', ' '],
      'unsuppress needs one EMAIL, e.g. npm run subscribers -- unsuppress someone@example.org',
    ],
  ])('%j: says what is wrong, then explains itself, and exits 2', async (args, line) => {
    const result = await runCli(['cli/subscribers.ts', ...args], {});
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe(line);
    expect(result.stderr).toContain('npm run subscribers -- export [--out FILE]');
  });
});

describe('subscribers CLI failures: one line, exit 1, never a stack trace', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'subscribers-cli-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    ['count'],
    ['export'],
    ['remove', 'someone@example.org'],
    ['suppressed'],
    ['report'],
    ['erase', '--yes'],
  ])('%j with a database that is not there', async (...args) => {
    const result = await runCli(['cli/subscribers.ts', ...args], {
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      DATA_DIR: dir,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'Could not open PostgreSQL (DATABASE_URL): connect ECONNREFUSED 127.0.0.1:1. Check DATABASE_URL, and that the database server is running\n',
    );
  });

  it('count on a Supabase that does not answer', async () => {
    const result = await runCli(['cli/subscribers.ts', 'count'], {
      SUPABASE_URL: 'http://127.0.0.1:1',
      SUPABASE_SERVICE_ROLE_KEY: 'k'.repeat(40),
      DATA_DIR: dir,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'Could not call tedxcommunity_signup_count on Supabase at http://127.0.0.1:1: TypeError: fetch failed (check that it is running and reachable, then try again)\n',
    );
  });

  it('export --out into a folder that does not exist', async () => {
    const out = join(dir, 'no-such-dir', 'signups.csv');
    const result = await runCli(['cli/subscribers.ts', 'export', '--out', out], { DATA_DIR: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`Could not write ${out} (ENOENT): choose another --out FILE\n`);
  });
});

const adminUrl = TEST_DATABASE_URL;
if (!adminUrl) describe.skip(POSTGRES_SKIP_REASON, () => it('subscribers CLI on DATABASE_URL'));
else {
  describe('subscribers CLI on DATABASE_URL', () => {
    let database: TestDatabase;
    let db: Db;
    beforeAll(async () => {
      database = postgresDatabase(adminUrl);
      db = await database.open();
      await db.exec(`insert into public.tedxcommunity_emails (email, first_name, created_at, source) values
        ('second@example.org', '=cmd()', '2025-11-02T00:00:00Z', null),
        ('first@example.org', 'Ann, "the first"', '2025-11-01T00:00:00Z', 'WhatsApp')`);
    });
    afterAll(() => database.dispose(db));

    it('counts', async () => {
      const result = await runCli(['cli/subscribers.ts', 'count'], { DATABASE_URL: database.url });
      expect(result).toMatchObject({ code: 0, stdout: '2\n' });
    });

    it('removes a person in any case, and says so', async () => {
      await db.exec(`insert into public.tedxcommunity_emails (email) values ('gone@example.org')`);
      const env = { DATABASE_URL: database.url };
      const removed = await runCli(['cli/subscribers.ts', 'remove', 'GONE@example.org'], env);
      expect(removed.stdout).toBe('Removed gone@example.org from PostgreSQL (DATABASE_URL)\n');
      const again = await runCli(['cli/subscribers.ts', 'remove', 'gone@example.org'], env);
      expect(again.stdout).toBe(
        'gone@example.org was not on the list (PostgreSQL (DATABASE_URL)); nothing removed\n',
      );
    });

    it('forgets someone: the list and the suppression list, and says which it found', async () => {
      await db.exec(`insert into public.tedxcommunity_emails (email) values ('dead@example.org');
        insert into public.tedxcommunity_suppressed (email, reason)
          values ('dead@example.org', '550 5.1.1'), ('gone2@example.org', '550 5.1.1')`);
      const env = { DATABASE_URL: database.url };
      const forget = (email: string) => runCli(['cli/subscribers.ts', 'forget', email], env);
      const on = 'PostgreSQL (DATABASE_URL)';
      expect((await forget('Dead@example.org')).stdout).toBe(
        `Forgot dead@example.org: deleted from the list and the suppression list on ${on}\n`,
      );
      expect((await forget('gone2@example.org')).stdout).toBe(
        `Forgot gone2@example.org: deleted from the suppression list on ${on}\n`,
      );
      expect((await forget('gone2@example.org')).stdout).toBe(
        `gone2@example.org was not on the list or the suppression list (${on}); nothing deleted\n`,
      );
      const left = await db.query('select email from public.tedxcommunity_suppressed');
      expect(left.rows).toEqual([]);
    });

    it('exports oldest first, quoted and formula-safe', async () => {
      const result = await runCli(['cli/subscribers.ts', 'export'], { DATABASE_URL: database.url });
      expect(result.code).toBe(0);
      expect(result.stdout).toBe(
        'email,first_name,created_at,source\n' +
          'first@example.org,"Ann, ""the first""",2025-11-01T00:00:00+00:00,whatsapp\n' +
          "second@example.org,'=cmd(),2025-11-02T00:00:00+00:00,\n",
      );
    });

    it('a database error after opening is one line too', async () => {
      await db.exec('alter table public.tedxcommunity_emails rename to tedxcommunity_emails_away');
      try {
        const result = await runCli(['cli/subscribers.ts', 'count'], {
          DATABASE_URL: database.url,
        });
        expect(result.code).toBe(1);
        expect(result.stderr).toMatch(
          /^Could not call tedxcommunity_signup_count on PostgreSQL \(DATABASE_URL\): relation "[\w.]*tedxcommunity_emails" does not exist\n$/,
        );
      } finally {
        await db.exec(
          'alter table public.tedxcommunity_emails_away rename to tedxcommunity_emails',
        );
      }
    });
  });
}
