// The dry run's list check: the pure rules, the list as the migration's function pages it out
// (PGlite and, when TEST_DATABASE_URL is set, PostgreSQL), and the dry run printing it.
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANNOUNCE_TEST_ENV,
  listOn,
  type ListBackend,
} from '../../../test-support/announce-lists.ts';
import {
  POSTGRES_SKIP_REASON,
  TEST_DATABASE_URL,
  testDatabases,
} from '../../../test-support/databases.ts';
import { runCli } from '../../../test-support/server-process.ts';
import type { Db } from '../../../platform/db/types.ts';
import { readSignups } from '../../read-signups.ts';
import { checkList, formatFindings, isDisposable, isRoleAddress } from './list-check.ts';
import { shellQuote } from '../../output/say.ts';
import { inProcessCaller } from '../../backend.ts';
import { storeBeforeRule } from '../../../test-support/unrelayable.ts';
import { loadSettings } from '../../../platform/settings.ts';

if (!TEST_DATABASE_URL) describe.skip(POSTGRES_SKIP_REASON, () => it('list check on PostgreSQL'));

describe('the list rules', () => {
  it('knows disposable-mail domains (and their subdomains) from the maintained list', () => {
    expect(isDisposable('x@mailinator.com')).toBe(true);
    expect(isDisposable('x@eu.mailinator.com')).toBe(true);
    expect(isDisposable('x@gmail.com')).toBe(false);
    expect(isDisposable('x@mak.ac.ug')).toBe(false);
  });

  it('quotes a suggested command so a shell takes the address back exactly', () => {
    for (const address of ["o'brien@example.org", 'a`id`$x@example.org', 'a\u001b\\\u009b@x.org']) {
      const echoed = spawnSync('bash', ['-c', `printf %s ${shellQuote(address)}`], {
        encoding: 'utf8',
      });
      expect(echoed.stdout).toBe(address);
    }
    expect(shellQuote("o'brien@example.org")).toBe(`'o'\\''brien@example.org'`);
  });

  it('knows role addresses, with or without a +tag', () => {
    expect(isRoleAddress('info@example.ug')).toBe(true);
    expect(isRoleAddress('noreply+x@example.ug')).toBe(true);
    expect(isRoleAddress('no-reply@example.ug')).toBe(true);
    expect(isRoleAddress('information@example.ug')).toBe(false);
    expect(isRoleAddress('nakato@example.ug')).toBe(false);
  });
});

// 12 in one minute (a burst), 9 in the next (not one), then the odd ones out.
const SEED = `insert into public.tedxcommunity_emails (email, first_name, created_at) values
  ${Array.from({ length: 12 }, (_, i) => `('burst${i}@example.org', 'Nakato', '2026-11-20T10:03:${String(i * 4).padStart(2, '0')}Z')`).join(',')},
  ${Array.from({ length: 9 }, (_, i) => `('calm${i}@example.org', null, '2026-11-20T10:04:${String(i * 5).padStart(2, '0')}Z')`).join(',')},
  ('throwaway@mailinator.com', 'محمد', '2026-11-21T08:00:00Z'),
  ('info@example.ug', 'José', '2026-11-21T08:10:00Z'),
  ('noreply@example.ug', null, '2026-11-21T08:20:00Z'),
  ('spam@example.org', 'Visit evil.example now', '2026-11-21T08:30:00Z'),
  ('robot@example.org', 'R2D2', '2026-11-21T08:40:00Z')`;

describe.each(testDatabases())('the list check on $name', (database) => {
  let db: Db;
  beforeAll(async () => {
    db = await database.open();
    await db.exec(SEED);
  });
  afterAll(() => database.dispose(db));

  it('finds each kind, with counts and at most five examples', async () => {
    const caller = await inProcessCaller(db, loadSettings({}), 'test');
    const rows = await readSignups(caller);
    expect(rows).toHaveLength(26);
    const [bursts, disposable, roles, names, refused] = checkList(rows);
    expect(bursts).toEqual({
      title: 'sign-up bursts (10 or more in one minute)',
      count: 12,
      examples: [
        '2026-11-20 10:03 UTC: 12 sign-ups (burst0@example.org, burst1@example.org, burst2@example.org, …)',
      ],
    });
    const remove = 'npm run subscribers -- remove';
    expect(disposable).toMatchObject({
      count: 1,
      examples: [`${remove} 'throwaway@mailinator.com'`],
    });
    expect(roles).toMatchObject({
      count: 2,
      examples: [`${remove} 'info@example.ug'`, `${remove} 'noreply@example.ug'`],
    });
    expect(names).toMatchObject({
      count: 2,
      examples: ['"Visit evil.example now" (spam@example.org)', '"R2D2" (robot@example.org)'],
    });
    expect(refused).toMatchObject({ count: 0, examples: [] });
    const text = formatFindings(checkList(rows));
    expect(text).toContain('npm run subscribers -- remove EMAIL');
    // It only reads.
    expect(await readSignups(caller)).toEqual(rows);
  });
});

// Stored before migration 20261127180000 (issue 38): what no relay without SMTPUTF8 takes, and
// domains no relay delivers to. The table refuses each now; the check names every one.
const BEFORE_THE_RULE = [
  'ü1@gmail.com',
  'a@-bad-.org',
  'a@localhost',
  'a@1.2.3.4',
  'a@b_c.org',
  `a@${'l'.repeat(70)}.org`,
  'a@bücher.example',
];

describe.each(testDatabases())(
  'the list check on $name, rows stored before the rule',
  (database) => {
    let db: Db;
    beforeAll(async () => {
      db = await database.open();
      const values = BEFORE_THE_RULE.map((e) => `('${e}')`).join(', ');
      await storeBeforeRule(
        db,
        `insert into public.tedxcommunity_emails (email) values ${values},
      ('nakato@xn--bcher-kva.example')`,
      );
    });
    afterAll(() => database.dispose(db));

    it('flags each, with the command that removes it, and not the A-label address', async () => {
      const rows = await readSignups(await inProcessCaller(db, loadSettings({}), 'test'));
      expect(rows).toHaveLength(BEFORE_THE_RULE.length + 1);
      const refused = checkList(rows).at(-1);
      expect(refused?.count).toBe(BEFORE_THE_RULE.length);
      expect(refused?.examples).toEqual(
        BEFORE_THE_RULE.map((e) => `npm run subscribers -- remove ${shellQuote(e)}`),
      );
    });

    it('the table refuses each of them now', async () => {
      for (const email of BEFORE_THE_RULE)
        await expect(
          db.query('insert into public.tedxcommunity_emails (email) values ($1)', [email]),
        ).rejects.toMatchObject({ code: '23514' });
    });
  },
);

describe('the dry run', () => {
  let list: ListBackend;
  beforeAll(async () => {
    list = await listOn('PGlite', 4);
  }, 60_000);
  afterAll(() => list.dispose());

  it('prints the list check and sends nothing', async () => {
    const env = { ...ANNOUNCE_TEST_ENV, ...list.env };
    const result = await runCli(['cli/announce.ts', '--campaign', 'launch', '--dry-run'], env);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('List check (changes nothing):');
    expect(result.stderr).toContain('  role addresses: 0');
    expect(result.stderr).toContain('  Nothing looks wrong.');
  });
});
