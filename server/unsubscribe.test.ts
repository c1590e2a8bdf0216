// /unsubscribe on the real app over a real database: one-click POST, the confirm page, unknown
// tokens, and what leaving does to the list (and what signing up again does).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../platform/db/types.ts';
import { clientHeaders, ENDPOINT, storedEmails, testApp } from '../test-support/app.ts';
import { testDatabases } from '../test-support/databases.ts';
import { ONE_CLICK, seedAnnAndBob, tokenOf as tokenOfIn } from '../test-support/unsubscribe.ts';

for (const database of testDatabases()) {
  describe(`unsubscribe (${database.name})`, () => {
    let db: Db;
    let app: ReturnType<typeof testApp>;
    beforeAll(async () => {
      db = await database.open();
      app = testApp(db);
    });
    afterAll(() => database.dispose(db));
    beforeEach(async () => {
      await database.reset(db);
      await seedAnnAndBob(db);
    });

    const tokenOf = (email: string) => tokenOfIn(db, email);
    const url = (token: string) => `http://localhost/unsubscribe?token=${token}`;

    it('GET shows a confirm form and changes nothing', async () => {
      const token = await tokenOf('ann@example.org');
      const res = await app.request(url(token));
      expect(res.status).toBe(200);
      const page = await res.text();
      expect(page).toContain(`<form method="post" action="/unsubscribe?token=${token}">`);
      expect(page).not.toMatch(/ style=|onclick|<script/i);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/style-src 'self' 'sha256-/);
      expect(csp).toContain("form-action 'self'");
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await storedEmails(db)).toEqual(['ann@example.org', 'bob@example.org']);
    });

    it('one-click POST unsubscribes with 200, no redirect, and again with 200', async () => {
      const token = await tokenOf('ann@example.org');
      for (let i = 0; i < 2; i++) {
        const res = await app.request(url(token), ONE_CLICK);
        expect(res.status).toBe(200);
        expect(res.headers.get('location')).toBeNull();
        expect(await res.text()).toContain('You are unsubscribed');
      }
      expect(await storedEmails(db)).toEqual(['bob@example.org']);
    });

    it.each([
      ['unknown', '6f1c1c4e-7c43-4b59-a0b1-7d6c2f3f3b6a'],
      ['malformed', "x'); drop table x; --"],
      ['missing', ''],
    ])('an %s token gets the same 404 page and changes nothing', async (_, token) => {
      const get = await app.request(url(encodeURIComponent(token)));
      const post = await app.request(url(encodeURIComponent(token)), ONE_CLICK);
      expect([get.status, post.status]).toEqual([404, 404]);
      const [a, b] = [await get.text(), await post.text()];
      expect(a).toBe(b);
      expect(a).toContain('This link is not valid');
      expect(await storedEmails(db)).toHaveLength(2);
    });

    it('signing up again after leaving brings the person back; a live duplicate is still 23505', async () => {
      await app.request(url(await tokenOf('ann@example.org')), ONE_CLICK);
      const insert = (email: string) =>
        app.request(ENDPOINT, {
          method: 'POST',
          headers: clientHeaders(),
          body: JSON.stringify({ email, first_name: 'Ann' }),
        });
      expect((await insert('Ann@Example.org')).status).toBe(201);
      expect(await storedEmails(db)).toEqual(['bob@example.org', 'ann@example.org']);
      const duplicate = await insert('ann@example.org');
      expect(duplicate.status).toBe(409);
      expect(await duplicate.json()).toMatchObject({ code: '23505' });
    });

    it('an old link after signing up again tells the truth: GET says they are on the list, POST takes that sign-up off and says so', async () => {
      const old = await tokenOf('ann@example.org');
      await app.request(url(old), ONE_CLICK);
      const signUp = await app.request(ENDPOINT, {
        method: 'POST',
        headers: clientHeaders(),
        body: JSON.stringify({ email: ' ANN@example.org', first_name: 'Ann' }),
      });
      expect(signUp.status).toBe(201);
      const fresh = await tokenOf('ann@example.org');
      expect(fresh).not.toBe(old);

      // GET changes nothing and does not claim she is off the list.
      const get = await app.request(url(old));
      expect(get.status).toBe(200);
      const page = await get.text();
      expect(page).toContain('You are on the list');
      expect(page).toContain('signed up again since');
      expect(page).not.toContain('You are unsubscribed');
      expect(page).toContain(`<form method="post" action="/unsubscribe?token=${old}">`);
      expect(await storedEmails(db)).toEqual(['bob@example.org', 'ann@example.org']);

      // POST is her asking to leave: the later sign-up goes, and the page says so.
      const post = await app.request(url(old), ONE_CLICK);
      expect(post.status).toBe(200);
      const done = await post.text();
      expect(done).toContain('You are unsubscribed');
      expect(done).toContain('the one you made since is off the list too');
      expect(await storedEmails(db)).toEqual(['bob@example.org']);

      // Both links now say what is true, and say it again.
      for (const token of [old, fresh]) {
        const again = await app.request(url(token), ONE_CLICK);
        const text = await again.text();
        expect([again.status, text.includes('You are unsubscribed')]).toEqual([200, true]);
        expect(text).not.toContain('off the list too');
        const look = await app.request(url(token));
        expect([look.status, (await look.text()).includes('You are unsubscribed')]).toEqual([
          200,
          true,
        ]);
      }
    });

    it('the old boolean function never answers true while the person is on the list', async () => {
      const old = await tokenOf('ann@example.org');
      const rpc = (fn: string) =>
        app.request(`http://localhost/rest/v1/rpc/${fn}`, {
          method: 'POST',
          headers: clientHeaders(),
          body: JSON.stringify({ token: old }),
        });
      expect(await (await rpc('tedxcommunity_unsubscribe')).json()).toBe(true);
      await db.exec(
        "insert into public.tedxcommunity_emails (email, first_name) values ('ann@example.org', 'Ann')",
      );
      expect(await (await rpc('tedxcommunity_unsubscribe_state')).json()).toBe('back');
      // True again only because the call took the later sign-up off, as the link asks.
      expect(await (await rpc('tedxcommunity_unsubscribe')).json()).toBe(true);
      expect(await storedEmails(db)).toEqual(['bob@example.org']);
      expect(await (await rpc('tedxcommunity_unsubscribe_state')).json()).toBe('off');
    });

    it('forget and erase drop the fingerprint an old link keeps', async () => {
      // Rows other tests left behind stay in this table (reset keeps it): count by address.
      const fingerprints = async (email: string) =>
        Number(
          (
            await db.query<{ n: string }>(
              `select count(*) as n from public.tedxcommunity_unsubscribed
               where email_hash = public.tedxcommunity_email_hash($1)`,
              [email],
            )
          ).rows[0].n,
        );
      await app.request(url(await tokenOf('ann@example.org')), ONE_CLICK);
      await app.request(url(await tokenOf('bob@example.org')), ONE_CLICK);
      expect(await fingerprints('ann@example.org')).toBeGreaterThan(0);
      expect(await fingerprints('bob@example.org')).toBeGreaterThan(0);
      await db.query("select public.tedxcommunity_forget(' Ann@Example.org')");
      expect(await fingerprints('ann@example.org')).toBe(0);
      expect(await fingerprints('bob@example.org')).toBeGreaterThan(0);
      await db.query('select public.tedxcommunity_erase_all()');
      expect(await fingerprints('bob@example.org')).toBe(0);
    });

    it('over PostgREST (as on hosted Supabase) anon may unsubscribe, not call the organiser functions', async () => {
      const call = (fn: string, body: object) =>
        app.request(`http://localhost/rest/v1/rpc/${fn}`, {
          method: 'POST',
          headers: clientHeaders(),
          body: JSON.stringify(body),
        });
      const res = await call('tedxcommunity_unsubscribe', {
        token: await tokenOf('bob@example.org'),
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toBe(true);
      expect(await storedEmails(db)).toEqual(['ann@example.org']);
      const denied = await call('tedxcommunity_announce_next', {
        p_campaign: 'c',
        p_after: 0,
        p_limit: 9,
      });
      expect(denied.status).toBe(404);
      expect(await denied.json()).toMatchObject({ code: 'PGRST202' });
    });

    it('anon can unsubscribe by token but not read, record or remove', async () => {
      for (const sql of [
        "select * from public.tedxcommunity_announce_next('c', gen_random_uuid(), 0, 10)",
        `select public.tedxcommunity_announce_record('c', gen_random_uuid(), '[{"id":1,"status":"sent"}]')`,
        "select * from public.tedxcommunity_announce_renew('c', gen_random_uuid(), 60)",
        "select * from public.tedxcommunity_announce_preview('c')",
        "select public.tedxcommunity_remove('ann@example.org')",
        'select * from public.tedxcommunity_deliveries',
        'select * from public.tedxcommunity_unsubscribed',
        'select unsubscribe_token from public.tedxcommunity_emails',
      ]) {
        await expect(db.queryAs('anon', sql, [])).rejects.toMatchObject({ code: '42501' });
      }
    });
  });
}
