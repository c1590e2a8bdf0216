// The campaign's records through the migration's functions, as the sender calls them (service
// role): who is still to send to, page by page, and what each outcome leaves behind, including
// a batch mixing bare ids ('sent') with full outcomes (migration 20261123120000).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadSettings } from '../../../platform/settings.ts';
import type { Db } from '../../../platform/db/types.ts';
import { testDatabases } from '../../../test-support/databases.ts';
import { inProcessCaller } from '../../backend.ts';
import { announceStore, type AnnounceStore } from './store.ts';

// Pages and records go through the campaign's lease (migration 20261126010000): each test's
// runs hold theirs.
const LAUNCH = { campaign: 'launch', runId: '00000000-0000-4000-8000-0000000000a1' };
const OTHER = { campaign: 'other', runId: '00000000-0000-4000-8000-0000000000a2' };

for (const database of testDatabases()) {
  describe(`the campaign records on ${database.name}`, () => {
    let db: Db;
    let store: AnnounceStore;
    beforeAll(async () => {
      db = await database.open();
      store = announceStore(await inProcessCaller(db, loadSettings({}), 'the test database'));
    });
    afterAll(() => database.dispose(db));
    beforeEach(async () => {
      await database.reset(db);
      await db.exec(`delete from public.tedxcommunity_deliveries;
        delete from public.tedxcommunity_suppressed;
        insert into public.tedxcommunity_emails (email, first_name)
        select 'p' || i || '@example.org', 'P' || i from generate_series(1, 30) i`);
      for (const run of [LAUNCH, OTHER])
        await store.lease(run.campaign, 'test pid 1', run.runId, 60, null);
    });
    const ids = async () =>
      (
        await db.query<{ id: number }>('select id from public.tedxcommunity_emails order by id')
      ).rows.map((r) => Number(r.id));
    const deliveries = async () =>
      (
        await db.query<{ status: string; n: number }>(
          `select status, count(*)::integer as n from public.tedxcommunity_deliveries
           where campaign = 'launch' group by status order by status`,
        )
      ).rows;

    it('records bare ids as sent beside full outcomes, and leaves them out of later pages', async () => {
      const [a, b, c, d, ...rest] = await ids();
      await store.record(LAUNCH, [
        { id: a, status: 'sent', error: null },
        { id: b, status: 'bounced', error: '550 5.1.1 no such user' },
        { id: c, status: 'failed', error: '554 refused' },
        { id: d, status: 'sent', error: null },
      ]);
      expect(await deliveries()).toEqual([
        { status: 'bounced', n: 1 },
        { status: 'failed', n: 1 },
        { status: 'sent', n: 2 },
      ]);
      // The bounce is suppressed; the failure is tried again; the sent are done.
      const left = (await store.next(LAUNCH, 0, 1000)).map((p) => p.id);
      expect(left).toEqual([c, ...rest]);
      expect(await store.status('launch')).toEqual({
        pending: 27,
        already_sent: 2,
        unsubscribed: 0,
        suppressed: 1,
      });
      // A 'sent' is never turned back into a failure.
      await store.record(LAUNCH, [{ id: a, status: 'failed', error: 'late' }]);
      expect(await deliveries()).toContainEqual({ status: 'sent', n: 2 });
      // A campaign with no record yet (migration 20261125100000 skips its per-person lookup
      // then) still leaves the suppressed address out.
      const fresh = (await store.next(OTHER, 0, 1000)).map((p) => p.id);
      expect(fresh).toEqual((await ids()).filter((id) => id !== b));
      expect(await store.status('other')).toEqual({
        pending: 29,
        already_sent: 0,
        unsubscribed: 0,
        suppressed: 1,
      });
    });

    it('still sends to people whose only records in the campaign are failures or deferrals', async () => {
      const [a, b, ...rest] = await ids();
      await store.record(LAUNCH, [
        { id: a, status: 'failed', error: '554 refused' },
        { id: b, status: 'deferred', error: '451 try later' },
      ]);
      expect((await store.next(LAUNCH, 0, 1000)).map((p) => p.id)).toEqual([a, b, ...rest]);
      expect(await store.status('launch')).toEqual({
        pending: 30,
        already_sent: 0,
        unsubscribed: 0,
        suppressed: 0,
      });
    });

    it('pages by id past people already sent to, whatever order they were sent in', async () => {
      const all = await ids();
      const sent = all.filter((_, i) => i % 3 === 0);
      await store.record(
        LAUNCH,
        sent.map((id) => ({ id, status: 'sent' as const, error: null })),
      );
      const seen: number[] = [];
      for (let after = 0; ;) {
        const page = await store.next(LAUNCH, after, 7);
        if (page.length === 0) break;
        expect(page.length).toBeLessThanOrEqual(7);
        seen.push(...page.map((p) => p.id));
        after = page[page.length - 1].id;
      }
      expect(seen).toEqual(all.filter((id) => !sent.includes(id)));
      expect((await store.status('launch')).already_sent).toBe(sent.length);
      // Another campaign has had nobody yet.
      expect((await store.next(OTHER, 0, 1000)).length).toBe(30);
    });
  });
}
