import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { createRecorder, FLUSH_MS } from './recorder.ts';
import { storeWith } from '../../../test-support/announce-store.ts';
import type { Outcome } from './store.ts';

/** A store that takes `ms` per write, fails the first `failures` writes (Infinity: all), and
 * remembers what it was given. */
function slowStore(ms: number, failures = 0) {
  const writes: number[][] = [];
  let calls = 0;
  const store = storeWith({
    async record(_campaign, outcomes: Outcome[]) {
      await sleep(ms);
      if (++calls <= failures) throw new Error('database gone');
      writes.push(outcomes.map((o) => o.id));
    },
  });
  /** Resolves once a write has failed and the recorder has taken the failure in: waiting for the
   * failure itself, not for a time, so that a busy machine's late timers cannot make it early. */
  const failed = () =>
    vi.waitFor(() => expect(calls).toBeGreaterThanOrEqual(1), { timeout: 5000, interval: 5 });
  return { store, writes, failed };
}
const FAST_RETRY = { retryMs: 5, retries: 3 };
const RUN = { campaign: 'c', runId: 'run-1' };

const sent = (id: number): Outcome => ({ id, status: 'sent', error: null });

describe('the outcome recorder', () => {
  it('writes everything, in few writes, whatever the timing', async () => {
    const { store, writes } = slowStore(10);
    const recorder = createRecorder(store, RUN);
    recorder.add(sent(1));
    recorder.add(sent(2));
    await sleep(FLUSH_MS + 5); // the first write is under way
    recorder.add(sent(3));
    await sleep(FLUSH_MS * 3); // its timer fires after that write ended
    recorder.add(sent(4));
    await sleep(FLUSH_MS * 3);
    for (let id = 5; id < 500; id++) recorder.add(sent(id));
    await recorder.drain();
    expect(writes.flat()).toEqual(Array.from({ length: 499 }, (_, i) => i + 1));
    expect(writes.length).toBeLessThan(10);
  });

  it('writes a steady stream every FLUSH_MS, not again as soon as a write ends', async () => {
    const { store, writes } = slowStore(5);
    const recorder = createRecorder(store, RUN);
    const started = performance.now();
    let id = 0;
    // One outcome every 2 ms or more: never the 200 that would start a write by themselves.
    while (performance.now() - started < FLUSH_MS * 4) {
      recorder.add(sent(++id));
      await sleep(2);
    }
    await recorder.drain();
    expect(writes.flat()).toEqual(Array.from({ length: id }, (_, i) => i + 1));
    // One write per FLUSH_MS (4, or 5 with the remainder drained), whereas writing back to back
    // would make one every 7 ms or so (over 100).
    expect(writes.length).toBeLessThanOrEqual(6);
  });

  it('writes within a few FLUSH_MS of an outcome, without drain', async () => {
    const { store, writes } = slowStore(1);
    const recorder = createRecorder(store, RUN);
    recorder.add(sent(1));
    await sleep(FLUSH_MS * 4);
    expect(writes).toEqual([[1]]);
  });

  it('holds back new sends while a write is under way, before it has failed or not', async () => {
    let begun = false;
    let finish = () => {};
    const writes: number[] = [];
    const store = storeWith({
      async record(_campaign, outcomes: Outcome[]) {
        begun = true;
        await new Promise<void>((resolve) => (finish = resolve));
        writes.push(...outcomes.map((o) => o.id));
      },
    });
    const recorder = createRecorder(store, RUN);
    recorder.add(sent(1));
    await vi.waitFor(() => expect(begun).toBe(true), { timeout: 5000, interval: 5 });
    let released = false;
    const ready = recorder.ready().then((ok) => (released = ok));
    await sleep(20);
    expect(released).toBe(false);
    finish();
    await ready;
    expect(released).toBe(true);
    expect(writes).toEqual([1]);
  });

  it('holds back new sends while a write fails, and lets them go when a retry succeeds', async () => {
    const { store, writes, failed } = slowStore(1, 2);
    const recorder = createRecorder(store, RUN, { retryMs: 100, retries: 3 });
    recorder.add(sent(1));
    await failed(); // the first write has failed: a retry is waiting (100 ms)
    let released = false;
    const ready = recorder.ready().then((ok) => (released = ok));
    await sleep(2);
    expect(released).toBe(false);
    await ready;
    expect(released).toBe(true);
    await recorder.drain();
    expect(writes).toEqual([[1]]);
  });

  it('answers ready() false and reports the error from drain when every retry fails', async () => {
    const { store, failed } = slowStore(1, Infinity);
    const recorder = createRecorder(store, RUN, FAST_RETRY);
    recorder.add(sent(1));
    recorder.add(sent(2));
    await failed();
    expect(await recorder.ready()).toBe(false);
    await expect(recorder.drain()).rejects.toThrow('database gone');
  });
});
