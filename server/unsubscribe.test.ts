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

    it('an old link says the same whether or not its person signed up again; its POST takes the later sign-up off', async () => {
      // Both leave; Ann signs up again, Bob does not.
      const [annOld, bobOld] = [await tokenOf('ann@example.org'), await tokenOf('bob@example.org')];
      for (const token of [annOld, bobOld]) await app.request(url(token), ONE_CLICK);
      const signUp = await app.request(ENDPOINT, {
        method: 'POST',
        headers: clientHeaders(),
        body: JSON.stringify({ email: ' ANN@example.org', first_name: 'Ann' }),
      });
      expect(signUp.status).toBe(201);
      const annNew = await tokenOf('ann@example.org');
      expect(annNew).not.toBe(annOld);

      // GET changes nothing, and claims nothing about the list either way: status, headers and
      // body the same, byte for byte.
      const look = async (token: string) => {
        const res = await app.request(url(token));
        return [
          res.status,
          (await res.text()).replaceAll(token, 'TOKEN'),
          [...res.headers],
        ] as const;
      };
      const [annPage, bobPage] = [await look(annOld), await look(bobOld)];
      expect(annPage).toEqual(bobPage);
      expect(annPage[0]).toBe(200);
      expect(annPage[1]).toContain('left the launch list with this link');
      expect(annPage[1]).toContain('<form method="post" action="/unsubscribe?token=TOKEN">');
      expect(annPage[1]).not.toMatch(/You are (unsubscribed|on the list)/);
      expect(await storedEmails(db)).toEqual(['ann@example.org']);

      // The anon-callable function a page is built from says no more than the page.
      const state = (token: string) =>
        db.transactionAs('anon', (tx) =>
          tx.query<{ s: string }>('select public.tedxcommunity_unsubscribe_state($1) as s', [
            token,
          ]),
        );
      expect((await state(annOld)).rows).toEqual((await state(bobOld)).rows);

      // POST is the address asked to leave: Ann's later sign-up goes; the answers are the same.
      const leave = async (token: string) => {
        const res = await app.request(url(token), ONE_CLICK);
        return [res.status, await res.text(), [...res.headers]] as const;
      };
      const [annDone, bobDone] = [await leave(annOld), await leave(bobOld)];
      expect(annDone).toEqual(bobDone);
      expect(annDone[1]).toContain('You are unsubscribed');
      expect(await storedEmails(db)).toEqual([]);
      // Her newer link is now an old link too.
      expect(await look(annNew)).toEqual(bobPage);
    });

    it('an old link finds a later sign-up of its address through the hash index, not a scan', async () => {
      await db.exec(`insert into public.tedxcommunity_emails (email)
        select 'person' || i || '@example.org' from generate_series(1, 5000) i;
        analyze public.tedxcommunity_emails`);
      const { rows } = await db.query<Record<string, string>>(
        `explain select e.id from public.tedxcommunity_unsubscribed u
         join public.tedxcommunity_emails e
           on public.tedxcommunity_email_hash(e.email::text) = u.email_hash
         where u.token = gen_random_uuid()`,
      );
      const plan = rows.map((row) => Object.values(row)[0]).join('\n');
      expect(plan).toContain('tedxcommunity_emails_email_hash_idx');
      expect(plan).not.toMatch(/Seq Scan on tedxcommunity_emails/);
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
        await expect(db.transactionAs('anon', (tx) => tx.query(sql))).rejects.toMatchObject({
          code: '42501',
        });
      }
    });
  });
}
