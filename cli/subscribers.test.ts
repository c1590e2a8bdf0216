// The CLI on DATABASE_URL (the embedded database, running and stopped, is covered with the
// real server in server/server.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../server/db/types.ts';
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
      'Unknown command "list": use one of export, count, remove, suppressed, unsuppress, report',
    ],
    [[], 'Name a command: export, count, remove, suppressed, unsuppress, report'],
    [['remove'], 'remove needs one EMAIL, e.g. npm run subscribers -- remove someone@example.org'],
    [['count', 'all'], 'count takes nothing after it'],
    [['export', '--file', 'x.csv'], 'export takes only --out FILE'],
  ])('%j: says what is wrong, then explains itself, and exits 2', async (args, line) => {
    const result = await runCli(['cli/subscribers.ts', ...args], {});
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe(line);
    expect(result.stderr).toContain('npm run subscribers -- export [--out FILE]');
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
      expect(again.stdout).toContain('gone@example.org was not on the list');
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
  });
}
