// The no-JavaScript sign-up function of the migration, called as PostgREST calls it: in one
// transaction as anon, with the request's headers in `request.headers`, reading the status and
// headers it leaves in `response.status` / `response.headers`. On PGlite and, when
// TEST_DATABASE_URL is set, on PostgreSQL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SIGNUP_OUTCOME_PATHS } from '../../common/signup-contract.ts';
import {
  POSTGRES_SKIP_REASON,
  TEST_DATABASE_URL,
  testDatabases,
} from '../../test-support/databases.ts';
import {
  ACCEPTED_EMAILS,
  LONGEST_EMAIL,
  REFUSED_EMAILS,
  REFUSED_FIRST_NAMES,
} from '../../test-support/unrelayable.ts';
import type { Db } from '../../platform/db/types.ts';

if (!TEST_DATABASE_URL) describe.skip(POSTGRES_SKIP_REASON, () => it('signup_form on PostgreSQL'));

interface Call {
  email?: string | null;
  first_name?: string | null;
  website?: string | null;
  headers?: Record<string, string>;
  siteUrl?: string;
}

describe.each(testDatabases())('signup_form() on $name', (database) => {
  let db: Db;

  beforeAll(async () => {
    db = await database.open();
  });
  afterAll(() => database.dispose(db));
  beforeEach(() => database.reset(db));

  async function call({ email = null, first_name = null, website = null, headers, siteUrl }: Call) {
    return db.transaction(async (tx) => {
      await tx.exec('set local role anon');
      await tx.query(`select set_config('request.headers', $1, true)`, [
        JSON.stringify(headers ?? {}),
      ]);
      if (siteUrl !== undefined) {
        await tx.query(`select set_config('app.site_url', $1, true)`, [siteUrl]);
      }
      await tx.query('select public.signup_form(email => $1, first_name => $2, website => $3)', [
        email,
        first_name,
        website,
      ]);
      const { rows } = await tx.query<{ status: string; headers: string }>(
        `select current_setting('response.status', true) as status,
                current_setting('response.headers', true) as headers`,
      );
      const parsed = JSON.parse(rows[0].headers) as Record<string, string>[];
      return {
        status: rows[0].status,
        headers: Object.assign({}, ...parsed) as Record<string, string>,
      };
    });
  }

  const stored = async () =>
    (
      await db.query<{ email: string; first_name: string | null }>(
        'select email, first_name from public.tedxcommunity_emails order by id',
      )
    ).rows;

  const ORIGIN = 'https://tedx.example.ug';
  const at = (path: string) => `${ORIGIN}${path}#email-signup`;

  it('stores the normalised row and answers 303 to the success page', async () => {
    const answer = await call({
      email: '  Ada@Example.ORG ',
      first_name: ' Ada ',
      website: '',
      headers: { origin: ORIGIN },
    });
    expect(answer).toEqual({
      status: '303',
      headers: { Location: at(SIGNUP_OUTCOME_PATHS.success), 'Cache-Control': 'no-store' },
    });
    expect(await stored()).toEqual([{ email: 'ada@example.org', first_name: 'Ada' }]);
  });

  it('an empty first name is stored as null', async () => {
    await call({ email: 'grace@example.ug', first_name: '', website: '' });
    expect(await stored()).toEqual([{ email: 'grace@example.ug', first_name: null }]);
  });

  it('a duplicate in another case: 303 to the already-subscribed page, one row', async () => {
    await call({ email: 'dup@example.ug', headers: { origin: ORIGIN } });
    const answer = await call({ email: 'DUP@example.ug ', headers: { origin: ORIGIN } });
    expect(answer.status).toBe('303');
    expect(answer.headers.Location).toBe(at(SIGNUP_OUTCOME_PATHS.duplicate));
    expect(await stored()).toHaveLength(1);
  });

  it.each([
    ['a blank email', ''],
    ['no email', null],
    ['no @', 'not-an-address'],
    ['too long', `${'a'.repeat(250)}@example.org`],
    ...REFUSED_EMAILS,
  ] as [string, string | null][])(
    '%s: 303 to the failure page, nothing stored',
    async (_label, email) => {
      const answer = await call({ email, headers: { origin: ORIGIN } });
      expect(answer.status).toBe('303');
      expect(answer.headers.Location).toBe(at(SIGNUP_OUTCOME_PATHS.failure));
      expect(await stored()).toEqual([]);
    },
  );

  it.each(REFUSED_FIRST_NAMES)('a first name with %s: 303 to the failure page', async (_, name) => {
    const answer = await call({ email: 'ann@example.org', first_name: name });
    expect(answer.headers.Location).toBe(`${SIGNUP_OUTCOME_PATHS.failure}#email-signup`);
    expect(await stored()).toEqual([]);
  });

  it('the longest address a relay takes: 303 to the success page, stored', async () => {
    const answer = await call({ email: LONGEST_EMAIL });
    expect(answer.headers.Location).toBe(`${SIGNUP_OUTCOME_PATHS.success}#email-signup`);
    expect(await stored()).toEqual([{ email: LONGEST_EMAIL, first_name: null }]);
  });

  it.each(ACCEPTED_EMAILS)('%j: 303 to the success page, stored as %j', async (typed, email) => {
    const answer = await call({ email: typed });
    expect(answer.headers.Location).toBe(`${SIGNUP_OUTCOME_PATHS.success}#email-signup`);
    expect(await stored()).toEqual([{ email, first_name: null }]);
  });

  it('a filled honeypot: 303 to the success page, nothing stored', async () => {
    const answer = await call({
      email: 'bot@example.org',
      website: 'https://spam.example',
      headers: { origin: ORIGIN },
    });
    expect(answer.headers.Location).toBe(at(SIGNUP_OUTCOME_PATHS.success));
    expect(await stored()).toEqual([]);
  });

  it('never puts what the visitor sent into the Location', async () => {
    for (const email of ['ada@example.org', 'ada@example.org', 'broken']) {
      const { headers } = await call({ email, first_name: 'Ada', headers: { origin: ORIGIN } });
      expect(headers.Location).not.toMatch(/ada|example\.org|broken|@/i);
    }
  });

  describe('the Location origin', () => {
    const path = `${SIGNUP_OUTCOME_PATHS.success}#email-signup`;
    it.each([
      [
        'the Origin header',
        { origin: ORIGIN, referer: 'https://other.example/x' },
        `${ORIGIN}${path}`,
      ],
      [
        'the Referer origin when Origin is "null"',
        { origin: 'null', referer: `${ORIGIN}/?q=1` },
        `${ORIGIN}${path}`,
      ],
      [
        'a Referer with a port',
        { referer: 'http://127.0.0.1:4321/' },
        `http://127.0.0.1:4321${path}`,
      ],
      ['the path alone without either', {}, path],
      ['the path alone for a malformed Origin', { origin: 'https://evil.example/"x' }, path],
      ['the path alone for a non-web scheme', { origin: 'javascript:alert(1)' }, path],
      ['the path alone for a Referer without a host', { referer: 'https:///x' }, path],
    ])('%s', async (_label, headers, expected) => {
      expect((await call({ email: 'x@example.org', headers })).headers.Location).toBe(expected);
    });

    it('the organisers’ app.site_url wins over the request headers', async () => {
      const answer = await call({
        email: 'y@example.org',
        headers: { origin: 'https://elsewhere.example' },
        siteUrl: 'https://tedx.example.ug/',
      });
      expect(answer.headers.Location).toBe(`https://tedx.example.ug${path}`);
    });
  });

  it('anon may call it; the table stays unreadable to anon', async () => {
    await call({ email: 'z@example.org' });
    await expect(
      db.transactionAs('anon', (tx) => tx.query('select email from public.tedxcommunity_emails')),
    ).rejects.toMatchObject({ code: '42501' });
  });
});
