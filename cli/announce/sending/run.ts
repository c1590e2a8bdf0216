// The sending loop: people streamed from the database (earliest sign-ups first), paced to
// ANNOUNCE_RATE, a few messages in flight at once over the pooled connections, each outcome
// recorded as it comes back. What an SMTP answer means is smtp-answer.ts's business; here:
// a bounce or a refused message is recorded and the run goes on; a temporary refusal for one
// person goes to the back of the queue for a later try (never holding up the others) and is
// left for the next run if it persists; a dropped connection is retried with backoff; the
// provider's limit, a refused sender or login, or a database that cannot record, stop new
// sends at once and leave everyone not answered for the next run.
import { setTimeout as sleep } from 'node:timers/promises';
import { createRecorder } from './recorder.ts';
import { emptyResult, type RunOptions, type RunResult } from './run-types.ts';
import { classifyAnswer, smtpAnswer } from './smtp-answer.ts';
import { recipients } from './recipients.ts';
import type { Recipient } from './store.ts';

interface Turn {
  person: Recipient;
  tries: number;
  drops: number;
  due: number;
}

export async function runCampaign(options: RunOptions): Promise<RunResult> {
  const { campaign, store, rate, concurrency, max, retryMs } = options;
  const deferTries = options.deferTries ?? 3;
  const connectionTries = options.connectionTries ?? 5;
  const recorder = createRecorder(store, campaign, { retryMs, retries: 5 });
  const result = emptyResult();
  const inFlight = new Set<Promise<void>>();
  // Wakes the loop when a message is answered: one waiter at a time (the loop is sequential),
  // cheaper than racing every message in flight for each new one.
  let wake: (() => void) | null = null;
  const answered = () => new Promise<void>((resolve) => (wake = resolve));
  const later: Turn[] = [];
  const people = recipients(store, campaign)[Symbol.asyncIterator]();
  let listDone = false;
  let started = 0;
  let done = 0;
  const backoff = (n: number) => retryMs * 2 ** Math.max(0, n - 1);

  async function deliver(turn: Turn): Promise<void> {
    const { person } = turn;
    try {
      await options.send(person);
      result.sent++;
      recorder.add({ id: person.id, status: 'sent', error: null });
      options.onProgress?.(++done);
      return;
    } catch (error) {
      const kind = classifyAnswer(error);
      const refusal = { email: person.email, answer: smtpAnswer(error) };
      if (kind === 'bounce' || kind === 'failed') {
        result[kind === 'bounce' ? 'bounced' : 'failed'].push(refusal);
        recorder.add({
          id: person.id,
          status: kind === 'bounce' ? 'bounced' : 'failed',
          error: refusal.answer,
        });
        options.onProgress?.(++done);
      } else if (kind === 'deferred') {
        if (++turn.tries < deferTries)
          later.push({ ...turn, due: performance.now() + backoff(turn.tries) * 2 });
        else {
          result.deferred.push(refusal);
          recorder.add({ id: person.id, status: 'deferred', error: refusal.answer });
          options.onProgress?.(++done);
        }
      } else if (kind === 'connection' && ++turn.drops < connectionTries) {
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
          result.stop ??= { kind: 'database', error };
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
    result.stop = { kind: 'database', error };
  }
  return result;
}
