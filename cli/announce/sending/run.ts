// The sending loop: people streamed from the database (earliest sign-ups first), paced to
// ANNOUNCE_RATE, a few messages in flight at once over the pooled connections, each outcome
// recorded as it comes back. What an SMTP answer means is smtp-answer.ts's business; here: a
// bounce or a refused message is recorded and the run goes on; a temporary refusal for one
// person goes to the back of the queue for a later try (never holding up the others) and is left
// for the next run if it persists; a dropped connection is retried with backoff; what
// RunResult's `stop` names stops new sends at once and leaves everyone not answered for the next
// run. The lease is asked about before every message (lease.ts says how it is kept).
import { setTimeout as sleep } from 'node:timers/promises';
import { keysetPaged } from '../../read-signups.ts';
import type { HeldLease } from './lease.ts';
import { createRecorder } from './recorder.ts';
import { refusalWatch } from './refusal-watch.ts';
import { readAnswer, smtpAnswer, type AnswerClass } from '../../../common/smtp-answer.ts';
import { LeaseLostError, type AnnounceStore, type CampaignRun, type Recipient } from './store.ts';

/** Tries per person in this run: for a temporary refusal, and for a dropped connection. */
const DEFER_TRIES = 3;
const CONNECTION_TRIES = 5;

interface RunOptions {
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
  onProgress?(done: number): void;
  /** Set to stop taking new people (Ctrl-C): what is in flight finishes. */
  signal?: AbortSignal;
}

interface Refusal {
  email: string;
  answer: string;
  /** About the sender or the message (smtp-answer.ts), not this person: a stop line speaks for
   * it. */
  aboutSender?: boolean;
}

export interface RunResult {
  sent: number;
  bounced: Refusal[];
  failed: Refusal[];
  /** Refused "for now" on every try: left for the next run. */
  deferred: Refusal[];
  /** Why the run stopped before the end of the list, if it did: 'refused' when refusals about
   * the sender or the message kept coming (refusal-watch.ts), 'quota' also when what kept coming
   * was the provider's limit or a refusal for now, 'lease' when the run lost its lease (another
   * run has the campaign, or it lapsed while this one was paused). */
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

interface Turn {
  person: Recipient;
  tries: number;
  drops: number;
  due: number;
}

export async function runCampaign(options: RunOptions): Promise<RunResult> {
  const { run, store, rate, concurrency, max, retryMs } = options;
  const recorder = createRecorder(store, run, { retryMs, retries: 5 });
  const watch = refusalWatch();
  /** The database refused: a lost lease, or no answer. */
  const databaseStop = (error: unknown) =>
    ({ kind: error instanceof LeaseLostError ? 'lease' : 'database', error }) as const;
  const result = emptyResult();
  const inFlight = new Set<Promise<void>>();
  // Wakes the loop when a message is answered: one waiter at a time (the loop is sequential),
  // cheaper than racing every message in flight for each new one.
  let wake: (() => void) | null = null;
  const answered = () => new Promise<void>((resolve) => (wake = resolve));
  const later: Turn[] = [];
  // Everyone still to send to, a page at a time (keyset on id): never the whole list in memory.
  const people = keysetPaged((after, limit) => store.next(run, after, limit));
  let listDone = false;
  let started = 0;
  let done = 0;
  const backoff = (n: number) => retryMs * 2 ** Math.max(0, n - 1);

  async function deliver(turn: Turn): Promise<void> {
    const { person } = turn;
    try {
      await options.send(person);
      watch.note(null);
      result.sent++;
      recorder.add({ id: person.id, status: 'sent', error: null });
      options.onProgress?.(++done);
      return;
    } catch (error) {
      const { kind, aboutSender, limit } = readAnswer(error, person.email);
      const refusal = { email: person.email, answer: smtpAnswer(error), aboutSender };
      // Refusals about the sender or the message: when they keep coming for different people,
      // every later message would get the same answer. One about this person alone never counts.
      if (aboutSender && (kind === 'failed' || kind === 'deferred') && watch.note(person.email))
        result.stop ??= { kind: limit || kind === 'deferred' ? 'quota' : 'refused', error };
      if (kind === 'bounce' || kind === 'failed') {
        const status = kind === 'bounce' ? 'bounced' : 'failed';
        result[status].push(refusal);
        recorder.add({ id: person.id, status, error: refusal.answer });
        options.onProgress?.(++done);
      } else if (kind === 'deferred') {
        if (++turn.tries < DEFER_TRIES)
          later.push({ ...turn, due: performance.now() + backoff(turn.tries) * 2 });
        else {
          result.deferred.push(refusal);
          recorder.add({ id: person.id, status: 'deferred', error: refusal.answer });
          options.onProgress?.(++done);
        }
      } else if (kind === 'connection' && ++turn.drops < CONNECTION_TRIES) {
        // The pool opens a new connection for the next message: try this person again soon.
        later.push({ ...turn, due: performance.now() + backoff(turn.drops) });
      } else result.stop ??= { kind, error };
    }
  }

  /** The next turn: a retry that is due, else the next person on the list; null at the end. */
  async function next(): Promise<Turn | null> {
    for (;;) {
      if (result.stop || options.signal?.aborted) return null;
      const now = performance.now();
      const due = later.findIndex((t) => t.due <= now);
      if (due >= 0) return later.splice(due, 1)[0];
      if (!listDone && max > 0 && started >= max) {
        listDone = true;
        result.capped = true;
      }
      if (!listDone) {
        let step: IteratorResult<Recipient>;
        try {
          step = await people.next();
        } catch (error) {
          result.stop ??= databaseStop(error);
          return null;
        }
        if (!step.done) {
          started++;
          return { person: step.value, tries: 0, drops: 0, due: 0 };
        }
        listDone = true;
      }
      if (later.length === 0 && inFlight.size === 0) return null;
      const waits: Promise<unknown>[] = inFlight.size > 0 ? [answered()] : [];
      if (later.length > 0) {
        const soonest = Math.min(...later.map((t) => t.due));
        waits.push(sleep(Math.max(0, soonest - now), undefined, { ref: false }));
      }
      await Promise.race(waits);
    }
  }

  const began = performance.now();
  let attempt = 0;
  for (;;) {
    while (inFlight.size >= concurrency) await answered();
    if (!(await recorder.ready())) break; // the stop is read from drain() below
    const turn = await next();
    if (!turn) break;
    if (rate > 0) {
      const wait = began + (attempt * 1000) / rate - performance.now();
      if (wait > 0) await sleep(wait);
    }
    // The lease, asked last: a process that slept through it learns so before sending.
    const { lease } = options;
    if (lease && !(await lease.fresh())) {
      const why = lease.lost.aborted
        ? String(lease.lost.reason)
        : 'the database did not confirm it';
      result.stop ??= { kind: 'lease', error: new LeaseLostError(run.campaign, why) };
      break;
    }
    attempt++;
    const task: Promise<void> = deliver(turn).finally(() => {
      inFlight.delete(task);
      wake?.();
      wake = null;
    });
    inFlight.add(task);
  }
  result.interrupted = options.signal?.aborted === true && result.stop === null;
  await Promise.all(inFlight);
  try {
    await recorder.drain();
  } catch (error) {
    // A lost lease outranks the refusal that may have been read first: nothing more was sent.
    if (result.stop?.kind !== 'lease') result.stop = databaseStop(error);
  }
  return result;
}
