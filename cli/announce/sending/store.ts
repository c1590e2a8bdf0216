// The campaign's records, through the migration's functions (see rpc.ts for how they are called).
import type { FunctionCaller } from '../../rpc.ts';

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
export interface Lease {
  granted: boolean;
  holder: string;
  startedAt: string;
  runId: string;
}

export interface AnnounceStore {
  description: string;
  status(campaign: string): Promise<CampaignStatus>;
  /** The next people after `afterId` (by id) who have not had the campaign. */
  next(campaign: string, afterId: number, limit: number): Promise<Recipient[]>;
  record(campaign: string, outcomes: Outcome[]): Promise<void>;
  /** Takes or renews the campaign's lease for `seconds` (see lease.ts). */
  lease(
    campaign: string,
    holder: string,
    runId: string,
    seconds: number,
    takeOver: string | null,
  ): Promise<Lease>;
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
  holder: string;
  started_at: string;
  run_id: string;
}
interface RecipientRow {
  id: number;
  email: string;
  first_name: string | null;
  token: string;
}

const PIECE_BYTES = 6000;

/** As the record function takes it: a 'sent' with no error as its bare id (migration
 * 20261123120000), so a second's worth of them fits in one call. */
type Written = number | Outcome;
const written = (o: Outcome): Written => (o.status === 'sent' && o.error === null ? o.id : o);

function pieces(outcomes: Outcome[]): Written[][] {
  const all: Written[][] = [];
  let piece: Written[] = [];
  let bytes = 0;
  for (const outcome of outcomes.map(written)) {
    const size = JSON.stringify(outcome).length + 1;
    if (piece.length > 0 && bytes + size > PIECE_BYTES) {
      all.push(piece);
      piece = [];
      bytes = 0;
    }
    piece.push(outcome);
    bytes += size;
  }
  if (piece.length > 0) all.push(piece);
  return all;
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
    async next(campaign, afterId, limit) {
      const rows = await calls.rows<RecipientRow>('tedxcommunity_announce_next', {
        p_campaign: campaign,
        p_after: afterId,
        p_limit: limit,
      });
      return rows.map((r) => ({
        id: r.id,
        email: r.email,
        firstName: r.first_name,
        token: r.token,
      }));
    },
    async record(campaign, outcomes) {
      // In pieces a PostgREST-compatible API takes (this project's server accepts 8 KB).
      for (const piece of pieces(outcomes)) {
        await calls.scalar<number>('tedxcommunity_announce_record', {
          p_campaign: campaign,
          p_outcomes: piece,
        });
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
      return {
        granted: row.granted,
        holder: row.holder,
        startedAt: row.started_at,
        runId: row.run_id,
      };
    },
    async release(campaign, runId) {
      await calls.scalar<boolean>('tedxcommunity_announce_release', {
        p_campaign: campaign,
        p_run_id: runId,
      });
    },
  };
}
