import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createRecorder, FLUSH_MS } from './recorder.ts';
import type { AnnounceStore, Outcome } from './store.ts';

/** A store that takes `ms` per write and remembers what it was given. */
function slowStore(ms: number, fail = false) {
  const writes: number[][] = [];
  const store: AnnounceStore = {
    description: 'test',
    status: () => Promise.reject(new Error('unused')),
    next: () => Promise.reject(new Error('unused')),
    async record(_campaign, outcomes: Outcome[]) {
      await sleep(ms);
      if (fail) throw new Error('database gone');
      writes.push(outcomes.map((o) => o.id));
    },
  };
  return { store, writes };
}

const sent = (id: number): Outcome => ({ id, status: 'sent', error: null });

describe('the outcome recorder', () => {
  it('writes everything, in few writes, whatever the timing', async () => {
    const { store, writes } = slowStore(10);
    const recorder = createRecorder(store, 'c');
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

  it('writes within a few FLUSH_MS of an outcome, without drain', async () => {
    const { store, writes } = slowStore(1);
    const recorder = createRecorder(store, 'c');
    recorder.add(sent(1));
    await sleep(FLUSH_MS * 4);
    expect(writes).toEqual([[1]]);
  });

  it('reports a failed write from drain', async () => {
    const { store } = slowStore(1, true);
    const recorder = createRecorder(store, 'c');
    recorder.add(sent(1));
    await expect(recorder.drain()).rejects.toThrow('database gone');
  });
});
