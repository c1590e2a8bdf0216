// What the sending loop (run.ts) is given, and what it answers.
import type { AnswerClass } from './smtp-answer.ts';
import type { HeldLease } from './lease.ts';
import type { AnnounceStore, CampaignRun, Recipient } from './store.ts';

export interface RunOptions {
  /** The campaign, and the run id its lease is held under. */
  run: CampaignRun;
  store: AnnounceStore;
  /** The campaign's lease (lease.ts), asked before each message: once it is lost, stop. */
  lease?: Pick<HeldLease, 'fresh' | 'lost'>;
  send(recipient: Recipient): Promise<void>;
  /** Messages per second; 0 = no pacing. */
  rate: number;
  /** Messages in flight at once. */
  concurrency: number;
  /** People to try in this run at most; 0 = everyone. */
  max: number;
  /** The first wait before a retry; each retry waits twice as long as the one before. */
  retryMs: number;
  /** Tries per person for a temporary refusal, and for a dropped connection, in this run. */
  deferTries?: number;
  connectionTries?: number;
  onProgress?(done: number): void;
  /** Set to stop taking new people (Ctrl-C): what is in flight finishes. */
  signal?: AbortSignal;
}

interface Refusal {
  email: string;
  answer: string;
}

export interface RunResult {
  sent: number;
  bounced: Refusal[];
  failed: Refusal[];
  /** Refused "for now" on every try: left for the next run. */
  deferred: Refusal[];
  /** Why the run stopped before the end of the list, if it did: 'refused' when refusals about
   * the sender or the message kept coming (refusal-watch.ts), 'lease' when the run lost its
   * lease (another run has the campaign, or it lapsed while this one was paused). */
  stop: {
    kind: Exclude<AnswerClass, 'bounce' | 'failed' | 'deferred'> | 'database' | 'refused' | 'lease';
    error: unknown;
  } | null;
  interrupted: boolean;
  /** Stopped at `max`. */
  capped: boolean;
}

/** A run that has sent nothing yet. */
export function emptyResult(): RunResult {
  return {
    sent: 0,
    bounced: [],
    failed: [],
    deferred: [],
    stop: null,
    interrupted: false,
    capped: false,
  };
}
