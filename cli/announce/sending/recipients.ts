// The people still to send to, streamed from the store a page at a time.
import { keysetPaged } from '../../read-signups.ts';
import type { AnnounceStore, CampaignRun, Recipient } from './store.ts';

/** Everyone still to send to, a page at a time (keyset on id): never the whole list in memory. */
export function recipients(
  store: AnnounceStore,
  run: CampaignRun,
  pageSize = 1000,
): AsyncGenerator<Recipient> {
  return keysetPaged((after, limit) => store.next(run, after, limit), pageSize);
}
