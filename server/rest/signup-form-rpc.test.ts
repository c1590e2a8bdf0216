// The sign-up form without JavaScript, as a browser sends it: a urlencoded POST to
// /rest/v1/rpc/signup_form?apikey=<anon key> with no other key header, answered 303 to the page
// for the outcome. Through createApp().request() on PGlite and, when TEST_DATABASE_URL is set,
// on PostgreSQL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  signupFormAction,
  SIGNUP_OUTCOME_PATHS,
  type SignupKind,
} from '../../common/signup-contract.ts';
import type { Db } from '../../platform/db/types.ts';
import { ANON, storedEmails, testApp } from '../../test-support/app.ts';
import {
  POSTGRES_SKIP_REASON,
  TEST_DATABASE_URL,
  testDatabases,
} from '../../test-support/databases.ts';

if (!TEST_DATABASE_URL)
  describe.skip(POSTGRES_SKIP_REASON, () => it('the form function over REST on PostgreSQL'));

const SITE = 'http://localhost';
const ACTION = new URL(signupFormAction(undefined, ANON), SITE).href;

/** What a browser posts: every field of the form, the honeypot empty unless a bot fills it. */
function formBody(email: string, firstName = '', website = ''): string {
  return new URLSearchParams({ first_name: firstName, email, website }).toString();
}

const expectedLocation = (kind: SignupKind) => `${SITE}${SIGNUP_OUTCOME_PATHS[kind]}#email-signup`;

describe.each(testDatabases())('the no-JavaScript sign-up on $name', (database) => {
  let db: Db;
  beforeAll(async () => {
    db = await database.open();
  });
  afterAll(() => database.dispose(db));
  beforeEach(() => database.reset(db));

  function post(body: string, app = testApp(db), headers: Record<string, string> = {}) {
    return app.request(ACTION, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: SITE,
        'X-Forwarded-For': '203.0.113.7',
        ...headers,
      },
      body,
    });
  }

  async function expectSeeOther(res: Response, kind: SignupKind) {
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(expectedLocation(kind));
    expect(await res.text()).toBe('');
  }

  it('stores the normalised row and answers 303 to the success page', async () => {
    await expectSeeOther(await post(formBody(' Ada@Example.ORG ', ' Ada ')), 'success');
    const { rows } = await db.query('select email, first_name from public.tedxcommunity_emails');
    expect(rows).toEqual([{ email: 'ada@example.org', first_name: 'Ada' }]);
  });

  it('a duplicate in another case: 303 to the already-subscribed page, stored once', async () => {
    await post(formBody('dup@example.org'));
    await expectSeeOther(await post(formBody('DUP@example.org')), 'duplicate');
    expect(await storedEmails(db)).toEqual(['dup@example.org']);
  });

  it('any other error (too long, no relay takes it): 303 to the failure page, nothing stored', async () => {
    await expectSeeOther(await post(formBody(`${'a'.repeat(250)}@example.org`)), 'failure');
    await expectSeeOther(await post(formBody('x@example.org', 'n'.repeat(101))), 'failure');
    await expectSeeOther(await post(formBody('.quota@example.org')), 'failure');
    await expectSeeOther(
      await post(formBody('ann@example.org', 'Ann\u001b]52;c;aGk=\u0007')),
      'failure',
    );
    expect(await storedEmails(db)).toEqual([]);
  });

  it('a filled honeypot: 303 to the success page, nothing stored', async () => {
    await expectSeeOther(
      await post(formBody('bot@example.org', 'Bot', 'https://spam.example')),
      'success',
    );
    expect(await storedEmails(db)).toEqual([]);
  });

  it('puts no personal data in the Location', async () => {
    for (const body of [formBody('ada@example.org', 'Ada'), formBody('ada@example.org', 'Ada')]) {
      const location = (await post(body)).headers.get('location') ?? '';
      expect(location).not.toMatch(/ada|%40|@/i);
    }
  });

  it('falls back to the Referer origin when the browser sends no Origin', async () => {
    const res = await post(formBody('ref@example.org'), undefined, {
      Origin: '',
      Referer: 'https://tedx.example.ug/speakers',
    });
    expect(res.headers.get('location')).toBe(
      `https://tedx.example.ug${SIGNUP_OUTCOME_PATHS.success}#email-signup`,
    );
  });

  it('counts against SIGNUP_RATE_LIMIT like the REST insert: over it, the failure page', async () => {
    const app = testApp(db, { signupRateLimit: 2 });
    await expectSeeOther(await post(formBody('r1@example.org'), app), 'success');
    await expectSeeOther(await post(formBody('r2@example.org'), app), 'success');
    // The database refuses the third (its sign-up budget), and the function sends a browser
    // without JavaScript to the spec's page rather than a JSON 429 it would show as raw text.
    await expectSeeOther(await post(formBody('r3@example.org'), app), 'failure');
    expect(await storedEmails(db)).toEqual(['r1@example.org', 'r2@example.org']);
  });

  it('without the key in the query, nothing is called', async () => {
    const res = await testApp(db).request(ACTION.replace(/\?.*$/, ''), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: formBody('nokey@example.org'),
    });
    expect(res.status).toBe(401);
    expect(await storedEmails(db)).toEqual([]);
  });
});
