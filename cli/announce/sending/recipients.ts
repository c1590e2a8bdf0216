// The people still to send to, streamed from the store a page at a time.
import type { AnnounceStore, Recipient } from './store.ts';

/** Everyone still to send to, a page at a time (keyset on id): never the whole list in memory. */
export async function* recipients(
  store: AnnounceStore,
  campaign: string,
  pageSize = 1000,
): AsyncGenerator<Recipient> {
  let after = 0;
  let page = store.next(campaign, after, pageSize);
  for (;;) {
    const rows = await page;
    if (rows.length === 0) return;
    after = rows[rows.length - 1].id;
    // Fetch the next page while this one is being sent.
    page = rows.length < pageSize ? Promise.resolve([]) : store.next(campaign, after, pageSize);
    page.catch(() => {}); // surfaced when awaited
    yield* rows;
  }
}
