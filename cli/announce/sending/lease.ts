// One run per campaign at a time, on every backend: a lease row in the database, taken before
// the first message, renewed by a heartbeat well inside its expiry, given back at the end. A run
// that crashed frees it when it expires (LEASE_SECONDS); one that crashed on this machine frees
// it at once, since its process id can be checked.
import { randomUUID } from 'node:crypto';
import { hostname, userInfo } from 'node:os';
import { CliError } from '../../sources.ts';
import type { AnnounceStore } from './store.ts';

export const LEASE_SECONDS = 90;
const HEARTBEAT_MS = 20_000;

export interface HeldLease {
  /** Set when the heartbeat found the lease taken by another run: stop sending. */
  lost: AbortSignal;
  release(): Promise<void>;
}

function whoAmI(): string {
  let user = 'someone';
  try {
    user = userInfo().username;
  } catch {
    // No passwd entry (some containers): the host and pid still tell runs apart.
  }
  return `${user}@${hostname()} pid ${process.pid}`;
}

/** The process of a holder on this machine that is no longer running, or null. */
function goneHereRunId(holder: string, runId: string): string | null {
  const match = / pid (\d+)$/.exec(holder);
  if (!match || !holder.includes(`@${hostname()} `)) return null;
  try {
    process.kill(Number(match[1]), 0);
    return null; // still running
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH' ? runId : null;
  }
}

/** A lease's start as the second run's line writes it: 2026-11-25T20:00:00Z. */
export const since = (iso: string) => new Date(iso).toISOString().replace(/\.\d+Z$/, 'Z');

export async function takeLease(store: AnnounceStore, campaign: string): Promise<HeldLease> {
  const runId = randomUUID();
  const holder = whoAmI();
  let lease = await store.lease(campaign, holder, runId, LEASE_SECONDS, null);
  const gone = lease.granted ? null : goneHereRunId(lease.holder, lease.runId);
  if (gone) lease = await store.lease(campaign, holder, runId, LEASE_SECONDS, gone);
  if (!lease.granted)
    throw new CliError(
      `Campaign ${campaign} is being sent by ${lease.holder} since ${since(lease.startedAt)}: ` +
        `wait for that run to end (if it crashed: ${Math.ceil(LEASE_SECONDS / 60)} minutes at most), then run the same command again`,
    );
  const lost = new AbortController();
  const heartbeat = setInterval(() => {
    store
      .lease(campaign, holder, runId, LEASE_SECONDS, null)
      .then((renewed) => {
        if (!renewed.granted) lost.abort(new Error(`${renewed.holder} took over the campaign`));
      })
      // A blip: the next beat tries again, well inside the expiry.
      .catch(() => {});
  }, HEARTBEAT_MS);
  heartbeat.unref();
  return {
    lost: lost.signal,
    async release() {
      clearInterval(heartbeat);
      // If the database is gone this fails; the lease then expires by itself.
      await store.release(campaign, runId).catch(() => {});
    },
  };
}
