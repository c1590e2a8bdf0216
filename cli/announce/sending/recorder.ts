// Writes outcomes in batches (decision 0008): at most FLUSH_MS after an SMTP server's answer, or
// at once when FLUSH_AT have gathered; outcomes that come in during a write wait for their own
// FLUSH_MS. One transaction per message, or many small ones, would keep the database busy with
// commits (PGlite writes its WAL on every one) while the sender waits. While a write is under
// way, ready() holds back new messages: a write that is going to fail (the server was stopped as
// it wrote) has let nothing more go by the time it does. A failed write is retried with backoff;
// if it still fails, ready() answers false and drain() throws.
import { setTimeout as sleep } from 'node:timers/promises';
import { LeaseLostError, type AnnounceStore, type CampaignRun, type Outcome } from './store.ts';

export const FLUSH_MS = 200;
const FLUSH_AT = 200;

export function createRecorder(
  store: AnnounceStore,
  run: CampaignRun,
  /** The first wait before retrying a failed write, doubling; and how many retries. */
  options = { retryMs: 1000, retries: 5 },
) {
  let pending: Outcome[] = [];
  let oldest = 0; // when the oldest of `pending` came in (performance.now())
  let writing: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let failure: unknown = null;

  async function write(batch: Outcome[]) {
    for (let retry = 0; ; retry++) {
      try {
        await store.record(run, batch);
        return;
      } catch (error) {
        // A lost lease is an answer, not an outage: asking again cannot change it.
        if (retry >= options.retries || error instanceof LeaseLostError) throw error;
        await sleep(options.retryMs * 2 ** retry);
      }
    }
  }

  /** A write FLUSH_MS after the oldest unwritten outcome came in, unless one is due or under way. */
  const schedule = () => {
    if (timer || writing || pending.length === 0 || failure !== null) return;
    timer = setTimeout(flush, Math.max(0, oldest + FLUSH_MS - performance.now()));
  };

  /** Writes what has gathered, and goes on at once only while whole batches (FLUSH_AT) wait:
   * outcomes that came in during a write wait for their own FLUSH_MS, so that a steady stream
   * is written every FLUSH_MS and not back to back in small pieces. */
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (writing || pending.length === 0) return;
    writing = (async () => {
      do {
        const batch = pending;
        pending = [];
        try {
          await write(batch);
        } catch (error) {
          failure = error;
        }
      } while (pending.length >= FLUSH_AT && failure === null);
    })().finally(() => {
      writing = null;
      schedule();
    });
  };

  return {
    add(outcome: Outcome) {
      // Once recording has failed for good nothing is written again: drain() throws the failure.
      if (failure !== null) return;
      if (pending.length === 0) oldest = performance.now();
      pending.push(outcome);
      if (pending.length >= FLUSH_AT) flush();
      else schedule();
    },
    /** Resolves true when new messages may go, false when recording has failed for good. */
    async ready() {
      while (writing && failure === null) await writing;
      return failure === null;
    },
    /** Resolves when everything added so far is written; rejects if a write failed for good. */
    async drain() {
      while ((pending.length > 0 || writing) && failure === null) {
        flush();
        if (writing) await writing;
      }
      if (timer) clearTimeout(timer);
      if (failure !== null) throw failure;
    },
  };
}
