// One run per campaign at a time, on every backend: a lease row in the database (decisions 0009
// and 0011), renewed by a heartbeat well inside its expiry, given back at the end; one that
// crashed on this machine is freed at once, since its process id can be checked. Before each
// message the run asks fresh(): the lease counts as held only for CONFIRMED_SHARE of its length
// after the database last renewed it, measured on both the monotonic clock and the wall clock (a
// suspended laptop's monotonic clock stands still on Linux and macOS; a SIGSTOPped process's does
// not). Past that, fresh() renews first, so a process waking from a long sleep asks the database
// before its next message, not after.
import { randomUUID } from 'node:crypto';
import { hostname, userInfo } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { isAlive } from '../../../platform/db/lock.ts';
import { CliError } from '../../cli-error.ts';
import { since } from '../../output/say.ts';
import type { AnnounceStore } from './store.ts';

/** The heartbeat, and how long a renewal vouches for the lease, as shares of its length. */
const HEARTBEAT_SHARE = 2 / 9; // 20 s of 90
const CONFIRMED_SHARE = 1 / 3; // 30 s of 90: two beats may be late before sending waits

export type HeldLease = Awaited<ReturnType<typeof takeLease>>;

function whoAmI(): string {
  let user = 'someone';
  try {
    user = userInfo().username;
  } catch {
    // No passwd entry (some containers): the host and pid still tell runs apart.
  }
  return `${user}@${hostname()} pid ${process.pid}`;
}

/** A holder on this machine whose process is no longer running. */
function goneHere(holder: string): boolean {
  const match = / pid (\d+)$/.exec(holder);
  return match !== null && holder.includes(`@${hostname()} `) && !isAlive(Number(match[1]));
}

export async function takeLease(store: AnnounceStore, campaign: string, seconds: number) {
  const runId = randomUUID();
  const holder = whoAmI();
  const asked = { mono: performance.now(), wall: Date.now() };
  let lease = await store.lease(campaign, holder, runId, seconds, null);
  if (!lease.granted && lease.runId && goneHere(lease.holder))
    lease = await store.lease(campaign, holder, runId, seconds, lease.runId);
  if (!lease.granted)
    throw new CliError(
      `Campaign ${campaign} is being sent by ${lease.holder} since ${since(lease.startedAt)}: ` +
        `wait for that run to end (if it crashed: ${Math.ceil(seconds / 60)} minutes at most), then run the same command again`,
    );
  const run = { campaign, runId };
  const lost = new AbortController();
  const vouchMs = seconds * 1000 * CONFIRMED_SHARE;
  // When the last granted renewal was asked for: the database's expiry is at least that + seconds.
  let confirmed = asked;
  let renewing: Promise<void> | null = null;
  const renew = () =>
    (renewing ??= (async () => {
      const at = { mono: performance.now(), wall: Date.now() };
      try {
        const renewed = await store.renew(run, seconds);
        if (renewed.granted) confirmed = at;
        else
          lost.abort(
            renewed.runId && renewed.runId !== runId
              ? `${renewed.holder} took it over`
              : 'its lease lapsed while this run was paused',
          );
      } catch {
        // A blip: the next beat tries again, well inside the expiry.
      }
    })().finally(() => (renewing = null)));
  const heartbeat = setInterval(() => void renew(), seconds * 1000 * HEARTBEAT_SHARE);
  heartbeat.unref();
  const vouched = () =>
    performance.now() - confirmed.mono < vouchMs && Math.abs(Date.now() - confirmed.wall) < vouchMs;
  return {
    run,
    /** Set when the lease is found taken by another run, or lapsed: stop sending. */
    lost: lost.signal,
    /** Resolves true while the lease is held (renewing it first when it is due), else false. */
    async fresh(): Promise<boolean> {
      if (lost.signal.aborted) return false;
      if (vouched()) return true;
      // Due (or overdue: the process slept): the database answers before anything is sent.
      while (!lost.signal.aborted && !vouched()) {
        const before = confirmed;
        await renew();
        // A renewal that failed for want of an answer: a short wait before the next.
        if (confirmed === before && !lost.signal.aborted) await sleep(500);
        if (performance.now() - before.mono > seconds * 1000) break;
      }
      return !lost.signal.aborted && vouched();
    },
    async release() {
      clearInterval(heartbeat);
      // If the database is gone this fails; the lease then expires by itself.
      await store.release(campaign, runId).catch(() => {});
    },
  };
}
