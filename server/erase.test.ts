// tedxcommunity_erase_all(): the whole list deleted in one call by the service role (the privacy
// page's promise), nothing by anyone else, and nothing while a campaign is being sent. And
// tedxcommunity_forget(): one person who asks to be forgotten, wherever their address is.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../platform/db/types.ts';
import { clientHeaders, SERVICE, storedEmails, testApp } from '../test-support/app.ts';
import { testDatabases } from '../test-support/databases.ts';
import { ONE_CLICK, seedAnnAndBob, tokenOf } from '../test-support/unsubscribe.ts';

const count = async (db: Db, table: string) =>
  Number((await db.query<{ n: string }>(`select count(*) as n from public.${table}`)).rows[0].n);

for (const database of testDatabases()) {
  describe(`erasing the list (${database.name})`, () => {
    let db: Db;
    let app: ReturnType<typeof testApp>;
    beforeAll(async () => {
      db = await database.open();
      app = testApp(db);
    });
    afterAll(() => database.dispose(db));
    beforeEach(async () => {
      await db.exec(`delete from public.tedxcommunity_deliveries;
        delete from public.tedxcommunity_suppressed;
        delete from public.tedxcommunity_unsubscribed;
        delete from public.tedxcommunity_announce_leases;
        delete from public.tedxcommunity_emails;`);
      await seedAnnAndBob(db);
      await db.exec(`insert into public.tedxcommunity_emails (email) values ('cat@example.org');
        insert into public.tedxcommunity_deliveries (campaign, email_hash, status)
          select 'launch', public.tedxcommunity_email_hash(email), 'sent' from public.tedxcommunity_emails;
        insert into public.tedxcommunity_suppressed (email, reason)
          values ('dead@example.org', '550 5.1.1 no such user');`);
    });

    const call = (fn: string, key: string, body: object = {}) =>
      app.request(`http://localhost/rest/v1/rpc/${fn}`, {
        method: 'POST',
        headers: clientHeaders(key),
        body: JSON.stringify(body),
      });
    const rpc = (key: string) => call('tedxcommunity_erase_all', key);
    const everything = async () => ({
      signups: await count(db, 'tedxcommunity_emails'),
      deliveries: await count(db, 'tedxcommunity_deliveries'),
      suppressed: await count(db, 'tedxcommunity_suppressed'),
    });

    it('the service role erases every sign-up, delivery record and suppressed address, and says how many', async () => {
      // Cat left first: her token stays (it holds no address), so her old link still answers.
      const catToken = await tokenOf(db, 'cat@example.org');
      expect(
        (await app.request(`http://localhost/unsubscribe?token=${catToken}`, ONE_CLICK)).status,
      ).toBe(200);

      const res = await rpc(SERVICE);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ erased: true, signups: 2, deliveries: 3, suppressed: 1 });
      expect(await everything()).toEqual({ signups: 0, deliveries: 0, suppressed: 0 });
      expect(await count(db, 'tedxcommunity_unsubscribed')).toBe(1);
      const again = await app.request(`http://localhost/unsubscribe?token=${catToken}`, ONE_CLICK);
      expect(await again.text()).toContain('You are unsubscribed');

      // Erasing an empty list is no error.
      expect(await (await rpc(SERVICE)).json()).toEqual({
        erased: true,
        signups: 0,
        deliveries: 0,
        suppressed: 0,
      });
    });

    it('anon can neither call it over PostgREST nor in SQL, and nothing goes', async () => {
      const res = await rpc(clientHeaders().apikey);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'PGRST202' });
      await expect(
        db.transactionAs('anon', (tx) => tx.query('select public.tedxcommunity_erase_all()')),
      ).rejects.toMatchObject({ code: '42501' });
      expect(await everything()).toEqual({ signups: 3, deliveries: 3, suppressed: 1 });
    });

    it('while a campaign is being sent, it erases nothing and says who is sending', async () => {
      await db.exec(`insert into public.tedxcommunity_announce_leases
        (campaign, holder, run_id, started_at, expires_at)
        values ('launch', 'ann@laptop pid 4242', gen_random_uuid(), '2026-11-25T20:00:00Z',
                now() + interval '90 seconds')`);
      const busy = await (await rpc(SERVICE)).json();
      expect(busy).toMatchObject({
        erased: false,
        campaign: 'launch',
        holder: 'ann@laptop pid 4242',
      });
      expect(new Date(busy.started_at).toISOString()).toBe('2026-11-25T20:00:00.000Z');
      expect(await storedEmails(db)).toEqual([
        'ann@example.org',
        'bob@example.org',
        'cat@example.org',
      ]);
      expect(await everything()).toEqual({ signups: 3, deliveries: 3, suppressed: 1 });

      // A lease that expired (its run crashed) is no obstacle.
      await db.exec(
        `update public.tedxcommunity_announce_leases set expires_at = now() - interval '1 second'`,
      );
      expect(await (await rpc(SERVICE)).json()).toMatchObject({ erased: true, signups: 3 });
    });

    it('forgetting one person deletes their sign-up, delivery records and suppressed address', async () => {
      await db.exec(`insert into public.tedxcommunity_suppressed (email, reason)
        values ('ann@example.org', '550 5.1.1 no such user')`);
      const forget = async (email: string) =>
        (await call('tedxcommunity_forget', SERVICE, { p_email: email })).json();
      expect(await forget(' Ann@Example.ORG ')).toEqual({ on_list: true, suppressed: true });
      expect(await storedEmails(db)).toEqual(['bob@example.org', 'cat@example.org']);
      expect(await everything()).toEqual({ signups: 2, deliveries: 2, suppressed: 1 });
      expect(await forget('dead@example.org')).toEqual({ on_list: false, suppressed: true });
      expect(await forget('bob@example.org')).toEqual({ on_list: true, suppressed: false });
      expect(await forget('nobody@example.org')).toEqual({ on_list: false, suppressed: false });
      expect(await everything()).toEqual({ signups: 1, deliveries: 1, suppressed: 0 });

      const refused = await call('tedxcommunity_forget', clientHeaders().apikey, {
        p_email: 'cat@example.org',
      });
      expect(refused.status).toBe(404);
      await expect(
        db.transactionAs('anon', (tx) =>
          tx.query("select public.tedxcommunity_forget('cat@example.org')"),
        ),
      ).rejects.toMatchObject({ code: '42501' });
      expect(await storedEmails(db)).toEqual(['cat@example.org']);
    });
  });
}
