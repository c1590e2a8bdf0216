// Writes outcomes as soon as the database takes them: while one write is under way, the next
// outcomes gather and go together. So a 'sent' reaches the database within one write of the
// SMTP server's answer, and a fast run still costs few round trips.
import type { AnnounceStore, Outcome } from './store.ts';

export interface Recorder {
  add(outcome: Outcome): void;
  /** Resolves when everything added so far is written; rejects if a write failed. */
  drain(): Promise<void>;
}

export function createRecorder(store: AnnounceStore, campaign: string): Recorder {
  let pending: Outcome[] = [];
  let writing: Promise<void> | null = null;
  let failure: unknown = null;

  const pump = async () => {
    while (pending.length > 0 && failure === null) {
      const batch = pending;
      pending = [];
      try {
        await store.record(campaign, batch);
      } catch (error) {
        failure = error;
      }
    }
    writing = null;
  };

  return {
    add(outcome) {
      pending.push(outcome);
      writing ??= pump();
    },
    async drain() {
      while (writing) await writing;
      if (failure !== null) throw failure;
    },
  };
}
