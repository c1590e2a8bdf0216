// The sending loop's scheduling, with a store that keeps its records in a list (the loop's
// behaviour against real SMTP servers and databases is in cli/announce-*.test.ts).
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { runCampaign } from './run.ts';
import { storeWith } from '../../../test-support/announce-store.ts';
import type { Outcome, Recipient } from './store.ts';

function listStore(size: number) {
  const people: Recipient[] = Array.from({ length: size }, (_, i) => ({
    id: i + 1,
    email: `reader${i + 1}@example${i % 4}.test`,
    first_name: null,
    token: `token-${i + 1}`,
  }));
  const recorded: Outcome[] = [];
  const store = storeWith({
    async next(_campaign, afterId, limit) {
      await sleep(1);
      return people.filter((p) => p.id > afterId).slice(0, limit);
    },
    async record(_campaign, outcomes) {
      recorded.push(...outcomes);
    },
  });
  return { store, recorded };
}

const options = { run: { campaign: 'c', runId: 'run-1' }, rate: 0, max: 0, retryMs: 5 };

describe('the sending loop', () => {
  it('keeps exactly `concurrency` messages in flight and sends to everyone once', async () => {
    const { store, recorded } = listStore(300);
    const sentTo: number[] = [];
    let inFlight = 0;
    let most = 0;
    const result = await runCampaign({
      ...options,
      store,
      concurrency: 7,
      async send(person) {
        most = Math.max(most, ++inFlight);
        await sleep(person.id % 5); // answers out of order
        inFlight--;
        sentTo.push(person.id);
      },
    });
    const everyone = Array.from({ length: 300 }, (_, i) => i + 1);
    const byId = (a: number, b: number) => a - b;
    expect(most).toBe(7);
    expect(result.sent).toBe(300);
    expect(sentTo.sort(byId)).toEqual(everyone);
    expect(recorded.map((o) => o.id).sort(byId)).toEqual(everyone);
  });

  it('wakes for a retry that falls due when nothing else is in flight', async () => {
    const { store, recorded } = listStore(3);
    const tries = new Map<number, number>();
    const result = await runCampaign({
      ...options,
      store,
      concurrency: 10,
      async send(person) {
        const n = (tries.get(person.id) ?? 0) + 1;
        tries.set(person.id, n);
        // The last person is refused for now on the first try, after the others were answered.
        if (person.id === 3 && n === 1) {
          await sleep(20);
          throw Object.assign(new Error('busy'), {
            responseCode: 451,
            response: '451 4.3.0 Mailbox busy, try again later',
          });
        }
      },
    });
    expect(tries.get(3)).toBe(2);
    expect(result.sent).toBe(3);
    expect(result.deferred).toEqual([]);
    expect(recorded.filter((o) => o.id === 3)).toEqual([{ id: 3, status: 'sent', error: null }]);
  });

  it("never stops for refusals about one recipient alone, however many; stops for the sender's", async () => {
    // Everyone at a handful of domains is refused: a bare 501 at RCPT TO (Amazon SES to a
    // non-ASCII local part), then, on a second list, a 5.7.1 at RCPT TO (the sender's side).
    const refuse = (response: string) => async () => {
      throw Object.assign(new Error('refused'), {
        command: 'RCPT TO',
        responseCode: Number(response.slice(0, 3)),
        response,
      });
    };
    const alone = listStore(100);
    const quiet = await runCampaign({
      ...options,
      store: alone.store,
      concurrency: 4,
      send: refuse('501 Invalid RCPT TO address provided'),
    });
    expect(quiet.stop).toBeNull();
    expect(quiet.failed).toHaveLength(100);
    expect(quiet.bounced).toEqual([]);

    const sender = listStore(100);
    const stopped = await runCampaign({
      ...options,
      store: sender.store,
      concurrency: 1,
      send: refuse('554 5.7.1 Relay access denied'),
    });
    expect(stopped.stop?.kind).toBe('refused');
    expect(stopped.failed).toHaveLength(5);
  });
});
