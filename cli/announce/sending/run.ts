// The sending loop: people streamed from the database, paced to ANNOUNCE_RATE, a few messages in
// flight at once over the pooled connections, each outcome recorded as it comes back. Permanent
// SMTP answers (5xx) are recorded as failed. Temporary ones (4xx) and lost connections are
// retried with backoff; if they persist, the trouble is the server's (a rate limit, an outage),
// not the recipient's, so the run stops and what was not sent stays unsent for the next run. A
// refused login stops it at once.
import { setTimeout as sleep } from 'node:timers/promises';
import { createRecorder } from './recorder.ts';
import { classify, smtpAnswer } from './smtp.ts';
import { recipients, type AnnounceStore, type Recipient } from './store.ts';

export interface RunOptions {
  campaign: string;
  store: AnnounceStore;
  send(recipient: Recipient): Promise<void>;
  /** Messages per second; 0 = no pacing. */
  rate: number;
  /** Messages in flight at once. */
  concurrency: number;
  /** Tries per message for temporary failures, and the first wait (doubling each time). */
  attempts?: number;
  backoffMs?: number;
  onProgress?(done: number): void;
  /** Set to stop taking new people (Ctrl-C): what is in flight finishes and is recorded. */
  signal?: AbortSignal;
}

export interface RunResult {
  sent: number;
  failed: { email: string; answer: string }[];
  /** Why the run stopped early, if it did (the error that stopped it). */
  stoppedBy: unknown;
  interrupted: boolean;
}

/** A message that failed for a reason that will hit every other message too. */
class StopRun extends Error {
  readonly reason: unknown;
  constructor(reason: unknown) {
    super('stop');
    this.reason = reason;
  }
}

export async function runCampaign(options: RunOptions): Promise<RunResult> {
  const { campaign, store, rate, concurrency } = options;
  const attempts = options.attempts ?? 4; // waits of 1 + 2 + 4 s
  const backoffMs = options.backoffMs ?? 1000;
  const recorder = createRecorder(store, campaign);
  const result: RunResult = { sent: 0, failed: [], stoppedBy: null, interrupted: false };
  const inFlight = new Set<Promise<void>>();
  let done = 0;

  async function deliver(person: Recipient): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await options.send(person);
        result.sent++;
        recorder.add({ id: person.id, status: 'sent', error: null });
        return;
      } catch (error) {
        const kind = classify(error);
        if (kind === 'auth' || attempt >= attempts) throw new StopRun(error);
        if (kind === 'permanent') {
          const answer = smtpAnswer(error);
          result.failed.push({ email: person.email, answer });
          recorder.add({ id: person.id, status: 'failed', error: answer });
          return;
        }
        await sleep(backoffMs * 2 ** (attempt - 1));
        // Another message already found the server gone: leave this one for the next run.
        if (result.stoppedBy !== null) throw new StopRun(result.stoppedBy);
      }
    }
  }

  const started = performance.now();
  let index = 0;
  for await (const person of recipients(store, campaign)) {
    if (result.stoppedBy !== null) break;
    if (options.signal?.aborted) {
      result.interrupted = true;
      break;
    }
    if (rate > 0) {
      const due = started + (index * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
    }
    index++;
    while (inFlight.size >= concurrency) await Promise.race(inFlight);
    if (result.stoppedBy !== null) break;
    const task: Promise<void> = deliver(person)
      .catch((error: unknown) => {
        result.stoppedBy ??= error instanceof StopRun ? error.reason : error;
      })
      .finally(() => {
        inFlight.delete(task);
        options.onProgress?.(++done);
      });
    inFlight.add(task);
  }
  await Promise.all(inFlight);
  await recorder.drain();
  return result;
}
