// The campaign lease in the database (the migration's functions, as the service role calls
// them): one holder at a time, renewed by its holder, free once expired or released, and
// nobody but the service role may touch it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/types.ts';
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
        await db.queryAs<{ granted: boolean; holder: string }>(
          'service_role',
          'select granted, holder from public.tedxcommunity_announce_lease($1, $2, $3, 60, $4)',
          ['launch', holder, run, takeOver],
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
      const released = await db.queryAs<{ r: boolean }>(
        'service_role',
        'select public.tedxcommunity_announce_release($1, $2) as r',
        ['launch', RUN_A],
      );
      expect(released.rows[0].r).toBe(true);
      expect((await lease(RUN_B, 'bob@b pid 2')).granted).toBe(true);
    });

    it('may not be touched with the public key', async () => {
      const calls: [string, unknown[]][] = [
        [
          'select * from public.tedxcommunity_announce_lease($1, $2, $3, 60, null)',
          ['launch', 'x', RUN_A],
        ],
        ['select public.tedxcommunity_announce_release($1, $2)', ['launch', RUN_A]],
      ];
      for (const [sql, params] of calls)
        await expect(db.queryAs('anon', sql, params)).rejects.toThrow(/permission denied/);
    });
  });
}
