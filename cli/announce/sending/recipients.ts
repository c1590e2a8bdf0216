// The people still to send to, streamed from the store a page at a time; and the keyset pager
// it (and the dry run's list check) reads with.
import type { AnnounceStore, CampaignRun, Recipient } from './store.ts';

/**
 * Every row of a list paged by id (keyset: `page(after, limit)` answers the next `limit` rows
 * after id `after`), in order, fetching the next page while this one is used.
 */
export async function* keysetPaged<T extends { id: number }>(
  page: (after: number, limit: number) => Promise<T[]>,
  pageSize: number,
): AsyncGenerator<T> {
  let after = 0;
  let next = page(after, pageSize);
  for (;;) {
    const rows = await next;
    if (rows.length === 0) return;
    after = rows[rows.length - 1].id;
    // Fetch the next page while this one is being used.
    next = rows.length < pageSize ? Promise.resolve([]) : page(after, pageSize);
    next.catch(() => {}); // surfaced when awaited
    yield* rows;
  }
}

/** Everyone still to send to, a page at a time (keyset on id): never the whole list in memory. */
export function recipients(
  store: AnnounceStore,
  run: CampaignRun,
  pageSize = 1000,
): AsyncGenerator<Recipient> {
  return keysetPaged((after, limit) => store.next(run, after, limit), pageSize);
}
