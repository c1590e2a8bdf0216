// Migrations 20261123110000 and 20261123130000: one sign-up per anonymous request, and the
// source kept on both sign-up paths, through the server's REST routes and straight in SQL, on PGlite and (when
// TEST_DATABASE_URL is set) on PostgreSQL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ANON, clientHeaders, ENDPOINT, SERVICE, testApp } from '../../test-support/app.ts';
import {
  POSTGRES_SKIP_REASON,
  TEST_DATABASE_URL,
  testDatabases,
} from '../../test-support/databases.ts';
import type { Db } from '../../platform/db/types.ts';

if (!TEST_DATABASE_URL)
  describe.skip(POSTGRES_SKIP_REASON, () => it('one row per anon insert on PostgreSQL'));

const FORM = 'http://localhost/rest/v1/rpc/signup_form';

describe.each(testDatabases())('the list rules on $name', (database) => {
  let db: Db;
  let app: ReturnType<typeof testApp>;

  beforeAll(async () => {
    db = await database.open();
    app = testApp(db);
  });
  afterAll(() => database.dispose(db));
  beforeEach(() => database.reset(db));

  const stored = async () =>
    (
      await db.query<{ email: string; source: string | null }>(
        'select email, source from public.tedxcommunity_emails order by id',
      )
    ).rows;

  const post = (body: unknown, key = ANON) =>
    app.request(ENDPOINT, {
      method: 'POST',
      headers: clientHeaders(key),
      body: JSON.stringify(body),
    });

  it('refuses an anonymous array of two or more: 400 P0001, PostgREST-shaped, nothing stored', async () => {
    for (const size of [2, 110]) {
      const rows = Array.from({ length: size }, (_, i) => ({ email: `p${i}@example.org` }));
      const res = await post(rows);
      expect(res.status).toBe(400);
      const body = (await res.json()) as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
      expect(body).toMatchObject({ code: 'P0001', message: 'one sign-up per request' });
    }
    expect(await stored()).toEqual([]);
  });

  it('one object or a one-row array is a sign-up', async () => {
    expect((await post({ email: 'one@example.org' })).status).toBe(201);
    expect((await post([{ email: 'two@example.org' }])).status).toBe(201);
    expect((await stored()).map((r) => r.email)).toEqual(['one@example.org', 'two@example.org']);
  });

  it('holds in SQL for anon whatever the client, and not for the service role', async () => {
    const insertAs = (role: string) =>
      db.transaction(async (tx) => {
        await tx.exec(`set local role ${role}`);
        await tx.exec(`insert into public.tedxcommunity_emails (email)
          select 'x' || g || '@example.org' from generate_series(1, 3) g`);
      });
    await expect(insertAs('anon')).rejects.toMatchObject({ code: 'P0001' });
    expect(await stored()).toEqual([]);
    // Per request, which is per transaction (migration 20261123130000): a second one-row
    // statement in the same anonymous transaction is refused, the next transaction may insert.
    const twoStatementsAsAnon = db.transaction(async (tx) => {
      await tx.exec('set local role anon');
      await tx.exec(`insert into public.tedxcommunity_emails (email) values ('y1@example.org')`);
      await tx.exec(`insert into public.tedxcommunity_emails (email) values ('y2@example.org')`);
    });
    await expect(twoStatementsAsAnon).rejects.toMatchObject({ code: 'P0001' });
    expect(await stored()).toEqual([]);
    await insertAs('service_role');
    expect(await stored()).toHaveLength(3);
    expect(
      (await post([{ email: 'a@example.org' }, { email: 'b@example.org' }], SERVICE)).status,
    ).toBe(201);
    expect(await stored()).toHaveLength(5);
  });

  it('keeps the source the page sends, lower-cased; drops one that is not a label', async () => {
    await post({ email: 'a@example.org', source: 'WhatsApp' });
    await post({ email: 'b@example.org', source: 'evil.example/now' });
    await post({ email: 'c@example.org', source: 'x'.repeat(33) });
    await post({ email: 'd@example.org' });
    expect(await stored()).toEqual([
      { email: 'a@example.org', source: 'whatsapp' },
      { email: 'b@example.org', source: null },
      { email: 'c@example.org', source: null },
      { email: 'd@example.org', source: null },
    ]);
  });

  it('the check holds a stored source to the rule whatever happens to the trigger', async () => {
    await post({ email: 'a@example.org' });
    await expect(
      db.exec(`alter table public.tedxcommunity_emails disable trigger tedxcommunity_emails_normalise;
        update public.tedxcommunity_emails set source = 'Not OK'`),
    ).rejects.toMatchObject({ code: '23514' });
    await db.exec(
      'alter table public.tedxcommunity_emails enable trigger tedxcommunity_emails_normalise',
    );
  });

  const formPost = (email: string, referer?: string) =>
    app.request(`${FORM}?apikey=${ANON}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        ...(referer ? { Referer: referer } : {}),
      },
      body: new URLSearchParams({ email, first_name: '', website: '' }).toString(),
    });

  it('the no-JavaScript form keeps the source of the Referer it was posted from', async () => {
    const answers = [
      await formPost('a@example.org', 'https://tedx.example.ug/?utm_source=LinkedIn#email-signup'),
      await formPost('b@example.org', 'https://tedx.example.ug/speakers/?ref=poster&x=1'),
      await formPost('c@example.org', 'https://tedx.example.ug/?ref=poster&utm_source=x'),
      await formPost('d@example.org', 'https://tedx.example.ug/?utm_source=evil.example'),
      await formPost('e@example.org', 'https://tedx.example.ug/'),
      await formPost('f@example.org'),
    ];
    for (const res of answers) {
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toMatch(/\/signup\/subscribed#email-signup$/);
    }
    expect(await stored()).toEqual([
      { email: 'a@example.org', source: 'linkedin' },
      { email: 'b@example.org', source: 'poster' },
      { email: 'c@example.org', source: 'x' },
      { email: 'd@example.org', source: null },
      { email: 'e@example.org', source: null },
      { email: 'f@example.org', source: null },
    ]);
  });
});
