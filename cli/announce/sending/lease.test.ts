// The campaign lease in the database (the migration's functions, as the service role calls
// them): one holder at a time, renewed by its holder, free once expired or released, and
// nobody but the service role may touch it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../platform/db/types.ts';
import { testDatabases } from '../../../test-support/databases.ts';

const RUN_A = '00000000-0000-4000-8000-00000000000a';
const RUN_B = '00000000-0000-4000-8000-00000000000b';

for (const database of testDatabases()) {
  describe(`the campaign lease on ${database.name}`, () => {
    let db: Db;
    beforeAll(async () => {
      db = await database.open();
    });
    afterAll(() => database.dispose(db));
    const lease = async (run: string, holder: string, takeOver: string | null = null) =>
      (
        await db.transactionAs('service_role', (tx) =>
          tx.query<{ granted: boolean; holder: string }>(
            'select granted, holder from public.tedxcommunity_announce_lease($1, $2, $3, 60, $4)',
            ['launch', holder, run, takeOver],
          ),
        )
      ).rows[0];

    it('is held by one run at a time, renewed by it, taken once it expires, given back', async () => {
      expect(await lease(RUN_A, 'ann@a pid 1')).toEqual({ granted: true, holder: 'ann@a pid 1' });
      expect(await lease(RUN_B, 'bob@b pid 2')).toEqual({ granted: false, holder: 'ann@a pid 1' });
      expect((await lease(RUN_A, 'ann@a pid 1')).granted).toBe(true); // the heartbeat
      // A crashed holder: its lease runs out.
      await db.exec(
        `update public.tedxcommunity_announce_leases set expires_at = now() - interval '1 second'`,
      );
      expect(await lease(RUN_B, 'bob@b pid 2')).toEqual({ granted: true, holder: 'bob@b pid 2' });
      expect((await lease(RUN_A, 'ann@a pid 1')).granted).toBe(false);
      // Taking over a named run (one whose process is known to be gone).
      expect((await lease(RUN_A, 'ann@a pid 1', RUN_B)).granted).toBe(true);
      const released = await db.transactionAs('service_role', (tx) =>
        tx.query<{ r: boolean }>('select public.tedxcommunity_announce_release($1, $2) as r', [
          'launch',
          RUN_A,
        ]),
      );
      expect(released.rows[0].r).toBe(true);
      expect((await lease(RUN_B, 'bob@b pid 2')).granted).toBe(true);
    });

    it('refuses pages and records to a run whose lease lapsed or passed on; renewing never re-takes', async () => {
      await db.exec('delete from public.tedxcommunity_announce_leases');
      await db.exec(`insert into public.tedxcommunity_emails (email) values ('lease@example.org')`);
      const asA = (sql: string, params: unknown[]) =>
        db.transactionAs('service_role', (tx) => tx.query(sql, params));
      const page = (run: string) =>
        asA('select * from public.tedxcommunity_announce_next($1, $2, 0, 10)', ['launch', run]);
      const record = (run: string) =>
        asA(
          `select public.tedxcommunity_announce_record($1, $2,
             (select jsonb_agg(id) from public.tedxcommunity_emails))`,
          ['launch', run],
        );
      const renew = async (run: string) =>
        (
          await db.transactionAs('service_role', (tx) =>
            tx.query<{ granted: boolean }>(
              'select granted from public.tedxcommunity_announce_renew($1, $2, 60)',
              ['launch', run],
            ),
          )
        ).rows[0].granted;
      // Nobody holds it: nothing is read or written.
      await expect(page(RUN_A)).rejects.toThrow(/lease lost: campaign launch/);
      expect(await lease(RUN_A, 'ann@a pid 1')).toMatchObject({ granted: true });
      expect((await page(RUN_A)).rows.length).toBeGreaterThan(0);
      expect(await renew(RUN_A)).toBe(true);
      // A asleep past its expiry; B takes it: A is refused everywhere, B is served.
      await db.exec(
        `update public.tedxcommunity_announce_leases set expires_at = now() - interval '1 second'`,
      );
      await expect(page(RUN_A)).rejects.toThrow(/lease lost/);
      expect(await renew(RUN_A)).toBe(false);
      expect((await lease(RUN_B, 'bob@b pid 2')).granted).toBe(true);
      await expect(page(RUN_A)).rejects.toMatchObject({
        code: 'P0001',
        detail: 'now held by bob@b pid 2',
      });
      await expect(record(RUN_A)).rejects.toThrow(/lease lost/);
      expect(await renew(RUN_A)).toBe(false);
      await record(RUN_B);
      // B ends and gives it back: A's heartbeat may not take it again from under its old page.
      await asA('select public.tedxcommunity_announce_release($1, $2)', ['launch', RUN_B]);
      expect(await renew(RUN_A)).toBe(false);
      await expect(record(RUN_A)).rejects.toThrow(/lease lost/);
      const held = await db.query('select 1 from public.tedxcommunity_announce_leases');
      expect(held.rows).toEqual([]);
    });

    it('may not be touched with the public key', async () => {
      const calls: [string, unknown[]][] = [
        [
          'select * from public.tedxcommunity_announce_lease($1, $2, $3, 60, null)',
          ['launch', 'x', RUN_A],
        ],
        ['select public.tedxcommunity_announce_release($1, $2)', ['launch', RUN_A]],
        ['select * from public.tedxcommunity_announce_renew($1, $2, 60)', ['launch', RUN_A]],
      ];
      for (const [sql, params] of calls)
        await expect(db.transactionAs('anon', (tx) => tx.query(sql, params))).rejects.toThrow(
          /permission denied/,
        );
    });
  });
}
