// Writes outcomes in small batches: at most FLUSH_MS after an SMTP server's answer, or at once
// when FLUSH_AT have gathered, and while one write is under way the next outcomes wait for it.
// One transaction per message would cost more than sending it (PGlite writes its WAL on every
// commit); the price is that a crash can resend, with the same Message-ID, the messages answered
// in the last FLUSH_MS as well as those on the wire.
import type { AnnounceStore, Outcome } from './store.ts';

export const FLUSH_MS = 25;
const FLUSH_AT = 200;

export interface Recorder {
  add(outcome: Outcome): void;
  /** Resolves when everything added so far is written; rejects if a write failed. */
  drain(): Promise<void>;
}

export function createRecorder(store: AnnounceStore, campaign: string): Recorder {
  let pending: Outcome[] = [];
  let writing: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let failure: unknown = null;

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (writing || pending.length === 0) return;
    writing = (async () => {
      while (pending.length > 0 && failure === null) {
        const batch = pending;
        pending = [];
        try {
          await store.record(campaign, batch);
        } catch (error) {
          failure = error;
        }
      }
    })().finally(() => {
      writing = null;
      // Outcomes that came in as the last write ended.
      if (pending.length > 0 && failure === null) timer ??= setTimeout(flush, FLUSH_MS);
    });
  };

  return {
    add(outcome) {
      pending.push(outcome);
      if (pending.length >= FLUSH_AT) flush();
      timer ??= setTimeout(flush, FLUSH_MS);
    },
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
