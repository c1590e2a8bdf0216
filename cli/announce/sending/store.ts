// The campaign's records, through the migration's functions (function-caller.ts calls them).
import type { FunctionCaller } from '../../function-caller.ts';

export interface Recipient {
  id: number;
  email: string;
  firstName: string | null;
  token: string;
}

export interface CampaignStatus {
  /** Still to send to (never sent, or failed before). */
  pending: number;
  alreadySent: number;
  /** People who have left the list, all campaigns. */
  unsubscribed: number;
  /** People on the list whose address is suppressed (bounced before): never mailed. */
  suppressed: number;
}

export interface Outcome {
  id: number;
  status: 'sent' | 'failed' | 'bounced' | 'deferred';
  error: string | null;
}

/** The campaign's lease as the database answers a request for it. */
interface Lease {
  granted: boolean;
  holder: string;
  startedAt: string;
  runId: string;
}

/** A run of a campaign, as the database knows it by its lease. */
export interface CampaignRun {
  campaign: string;
  runId: string;
}

/** The database refused a page or a record: this run no longer holds the campaign's lease. */
export class LeaseLostError extends Error {
  constructor(campaign: string, why: string) {
    super(`campaign ${campaign} is no longer held by this run (${why})`);
    this.name = 'LeaseLostError';
  }
}

export interface AnnounceStore {
  description: string;
  status(campaign: string): Promise<CampaignStatus>;
  /** The next people after `afterId` (by id) who have not had the campaign; only for the run
   * holding its lease (LeaseLostError otherwise). */
  next(run: CampaignRun, afterId: number, limit: number): Promise<Recipient[]>;
  /** The first person the campaign would go to, for the dry run (no lease). */
  preview(campaign: string): Promise<Recipient | null>;
  /** Only for the run holding the lease (LeaseLostError otherwise). */
  record(run: CampaignRun, outcomes: Outcome[]): Promise<void>;
  /** Takes the campaign's lease for `seconds` (see lease.ts). */
  lease(
    campaign: string,
    holder: string,
    runId: string,
    seconds: number,
    takeOver: string | null,
  ): Promise<Lease>;
  /** Renews a lease this run still holds; never takes one (granted false once it lapsed). */
  renew(run: CampaignRun, seconds: number): Promise<Lease>;
  release(campaign: string, runId: string): Promise<void>;
}

interface StatusRow {
  pending: number;
  already_sent: number;
  unsubscribed: number;
  suppressed: number;
}
interface LeaseRow {
  granted: boolean;
  holder: string | null;
  started_at: string | null;
  run_id: string | null;
}
interface RecipientRow {
  id: number;
  email: string;
  first_name: string | null;
  token: string;
}

/** One record call's JSON at most, in UTF-16 code units (String#length), not bytes. */
const PIECE_LENGTH = 6000;

/** As the record function takes it: a 'sent' with no error as its bare id (migration
 * 20261123120000), so a second's worth of them fits in one call. */
type Written = number | Outcome;
const written = (o: Outcome): Written => (o.status === 'sent' && o.error === null ? o.id : o);

function pieces(outcomes: Outcome[]): Written[][] {
  const all: Written[][] = [];
  let piece: Written[] = [];
  let length = 0;
  for (const outcome of outcomes.map(written)) {
    const size = JSON.stringify(outcome).length + 1;
    if (piece.length > 0 && length + size > PIECE_LENGTH) {
      all.push(piece);
      piece = [];
      length = 0;
    }
    piece.push(outcome);
    length += size;
  }
  if (piece.length > 0) all.push(piece);
  return all;
}

const toRecipient = (r: RecipientRow): Recipient => ({
  id: r.id,
  email: r.email,
  firstName: r.first_name,
  token: r.token,
});

const toLease = (row: LeaseRow): Lease => ({
  granted: row.granted,
  holder: row.holder ?? 'nobody',
  startedAt: row.started_at ?? '',
  runId: row.run_id ?? '',
});

/** The migration's refusal (20261126010000: P0001 "lease lost: …", over a connection or PostgREST). */
const LEASE_LOST = /lease lost: campaign /;

/** Calls `fn`, turning the database's "lease lost" into a LeaseLostError. */
async function underLease<T>(campaign: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    const e = error as { message?: string; detail?: string };
    if (!LEASE_LOST.test(String(e?.message ?? ''))) throw error;
    throw new LeaseLostError(campaign, e.detail ?? 'its lease lapsed or passed to another run');
  }
}

export function announceStore(calls: FunctionCaller): AnnounceStore {
  return {
    description: calls.description,
    async status(campaign) {
      const [row] = await calls.rows<StatusRow>('tedxcommunity_announce_status', {
        p_campaign: campaign,
      });
      return {
        pending: row.pending,
        alreadySent: row.already_sent,
        unsubscribed: row.unsubscribed,
        suppressed: row.suppressed,
      };
    },
    async next({ campaign, runId }, afterId, limit) {
      const rows = await underLease(campaign, () =>
        calls.rows<RecipientRow>('tedxcommunity_announce_next', {
          p_campaign: campaign,
          p_run_id: runId,
          p_after: afterId,
          p_limit: limit,
        }),
      );
      return rows.map(toRecipient);
    },
    async preview(campaign) {
      const [row] = await calls.rows<RecipientRow>('tedxcommunity_announce_preview', {
        p_campaign: campaign,
      });
      return row ? toRecipient(row) : null;
    },
    async record({ campaign, runId }, outcomes) {
      // In pieces a PostgREST-compatible API takes (this project's server accepts 8 KB).
      for (const piece of pieces(outcomes)) {
        await underLease(campaign, () =>
          calls.scalar<number>('tedxcommunity_announce_record', {
            p_campaign: campaign,
            p_run_id: runId,
            p_outcomes: piece,
          }),
        );
      }
    },
    async lease(campaign, holder, runId, seconds, takeOver) {
      const [row] = await calls.rows<LeaseRow>('tedxcommunity_announce_lease', {
        p_campaign: campaign,
        p_holder: holder,
        p_run_id: runId,
        p_seconds: seconds,
        p_take_over: takeOver,
      });
      return toLease(row);
    },
    async renew({ campaign, runId }, seconds) {
      const [row] = await calls.rows<LeaseRow>('tedxcommunity_announce_renew', {
        p_campaign: campaign,
        p_run_id: runId,
        p_seconds: seconds,
      });
      return toLease(row);
    },
    async release(campaign, runId) {
      await calls.scalar<boolean>('tedxcommunity_announce_release', {
        p_campaign: campaign,
        p_run_id: runId,
      });
    },
  };
}
