// Batched hot path: every caller hears its own outcome, and exactly the callers told "done"
// have their row stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSql } from '../rest/signups.ts';
import { pgliteDatabase } from '../../test-support/databases.ts';
import { asPgError, type Db } from '../../platform/db/types.ts';

const SQL = insertSql(['email', 'first_name'], false, undefined);
const row = (email: string) => JSON.stringify([{ email, first_name: null }]);

describe('PGlite batched inserts', () => {
  let db: Db;
  beforeAll(async () => {
    db = await pgliteDatabase.open();
  });
  afterAll(() => db.close());

  it('settles each of many concurrent inserts on its own, mixed with failures', async () => {
    // Every third a duplicate of an earlier one, every seventh invalid: neighbours in one batch.
    const emails = Array.from({ length: 300 }, (_, i) =>
      i % 7 === 6 ? `invalid-${i}` : i % 3 === 2 ? `m${i - 2}@example.org` : `m${i}@example.org`,
    );
    const outcomes = await Promise.all(
      emails.map((email) =>
        db.executeAs('anon', SQL, [row(email)]).then(
          () => 'ok',
          (error: unknown) => asPgError(error)?.code ?? String(error),
        ),
      ),
    );
    const expected = emails.map((email, i) =>
      email.startsWith('invalid') ? '23514' : emails.indexOf(email) < i ? '23505' : 'ok',
    );
    expect(outcomes).toEqual(expected);
    const { rows } = await db.query<{ email: string }>(
      'select email from public.tedxcommunity_emails order by id',
    );
    expect(rows.map((r) => r.email)).toEqual(emails.filter((_, i) => expected[i] === 'ok'));
  });

  it('interleaves with other statements without sharing their transactions', async () => {
    const work = [
      db.executeAs('anon', SQL, [row('x1@example.org')]),
      db.query('select count(*) from public.tedxcommunity_emails'),
      db.executeAs('anon', SQL, [row('x2@example.org')]),
      db.queryAs('anon', 'select 1', []),
      db.executeAs('anon', SQL, [row('x3@example.org')]),
    ];
    await Promise.all(work);
    const { rows } = await db.query<{ user: string }>('select current_user as user');
    expect(rows[0].user).toBe('postgres');
  });
});
