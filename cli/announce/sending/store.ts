// The campaign's records, through the migration's functions (function-caller.ts calls them).
import { pieces, type FunctionCaller } from '../../function-caller.ts';

/** A person still to send to, as tedxcommunity_announce_next answers. */
export interface Recipient {
  id: number;
  email: string;
  first_name: string | null;
  token: string;
}

/** As tedxcommunity_announce_status answers. */
export interface CampaignStatus {
  /** Still to send to (never sent, or failed before). */
  pending: number;
  already_sent: number;
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

export type AnnounceStore = ReturnType<typeof announceStore>;

interface LeaseRow {
  granted: boolean;
  holder: string | null;
  started_at: string | null;
  run_id: string | null;
}

/** As the record function takes it: a 'sent' with no error as its bare id (migration
 * 20261123120000), so a second's worth of them fits in one call. */
const written = (o: Outcome) => (o.status === 'sent' && o.error === null ? o.id : o);

/** The campaign's lease as the database answers a request for it. */
const toLease = (row: LeaseRow) => ({
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

export function announceStore(calls: FunctionCaller) {
  return {
    description: calls.description,
    async status(campaign: string): Promise<CampaignStatus> {
      const [row] = await calls.rows<CampaignStatus>('tedxcommunity_announce_status', {
        p_campaign: campaign,
      });
      return row;
    },
    /** The next people after `afterId` (by id) who have not had the campaign; only for the run
     * holding its lease (LeaseLostError otherwise). */
    next({ campaign, runId }: CampaignRun, afterId: number, limit: number): Promise<Recipient[]> {
      return underLease(campaign, () =>
        calls.rows<Recipient>('tedxcommunity_announce_next', {
          p_campaign: campaign,
          p_run_id: runId,
          p_after: afterId,
          p_limit: limit,
        }),
      );
    },
    /** The first person the campaign would go to, for the dry run (no lease). */
    async preview(campaign: string): Promise<Recipient | null> {
      const [row] = await calls.rows<Recipient>('tedxcommunity_announce_preview', {
        p_campaign: campaign,
      });
      return row ?? null;
    },
    /** Only for the run holding the lease (LeaseLostError otherwise). */
    async record({ campaign, runId }: CampaignRun, outcomes: Outcome[]): Promise<void> {
      for (const piece of pieces(outcomes.map(written))) {
        await underLease(campaign, () =>
          calls.scalar<number>('tedxcommunity_announce_record', {
            p_campaign: campaign,
            p_run_id: runId,
            p_outcomes: piece,
          }),
        );
      }
    },
    /** Takes the campaign's lease for `seconds` (see lease.ts). */
    async lease(
      campaign: string,
      holder: string,
      runId: string,
      seconds: number,
      takeOver: string | null,
    ) {
      const [row] = await calls.rows<LeaseRow>('tedxcommunity_announce_lease', {
        p_campaign: campaign,
        p_holder: holder,
        p_run_id: runId,
        p_seconds: seconds,
        p_take_over: takeOver,
      });
      return toLease(row);
    },
    /** Renews a lease this run still holds; never takes one (granted false once it lapsed). */
    async renew({ campaign, runId }: CampaignRun, seconds: number) {
      const [row] = await calls.rows<LeaseRow>('tedxcommunity_announce_renew', {
        p_campaign: campaign,
        p_run_id: runId,
        p_seconds: seconds,
      });
      return toLease(row);
    },
    async release(campaign: string, runId: string): Promise<void> {
      await calls.scalar<boolean>('tedxcommunity_announce_release', {
        p_campaign: campaign,
        p_run_id: runId,
      });
    },
  };
}
