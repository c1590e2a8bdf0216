// What `subscribers -- report` shows, read through the migration's service-role function (one
// call, the same on every backend) and shaped for the charts: every day from the first to today,
// every hour of the day, every delivery status.
import { dateIn } from '../../content/event-dates.ts';
import type { FunctionCaller } from '../function-caller.ts';

interface DayCount {
  day: string; // YYYY-MM-DD in the event's time zone
  n: number;
}

/** As public.tedxcommunity_report(p_time_zone) answers. */
export interface ReportRaw {
  total: number;
  per_day: DayCount[];
  by_source: { source: string | null; n: number }[];
  by_hour: { hour: number; n: number }[];
  unsubscribes_per_day: DayCount[];
  bounces_per_day: DayCount[];
  /** tedxcommunity_your_data_report: what people did on their "Your data" page. */
  your_data_per_day: (DayCount & { kind: YourDataKind })[];
  campaigns: {
    campaign: string;
    statuses: Record<string, number>;
    /** Late reports by kind (hard, complaint, soft, sender): `subscribers -- bounces`. */
    late?: Record<string, number>;
    left: number;
  }[];
}

export const EMPTY_RAW: ReportRaw = {
  total: 0,
  per_day: [],
  by_source: [],
  by_hour: [],
  unsubscribes_per_day: [],
  bounces_per_day: [],
  your_data_per_day: [],
  campaigns: [],
};

/** What the "Your data" page counts, in the report's order. */
export const YOUR_DATA_KINDS = ['corrected', 'downloaded', 'erased'] as const;
type YourDataKind = (typeof YOUR_DATA_KINDS)[number];

/** The delivery statuses in the order the progress bars stack them; "left" is nobody's yet. */
export const CAMPAIGN_STATUSES = ['sent', 'deferred', 'bounced', 'failed', 'left'] as const;

export const NO_SOURCE = '(none)';

export type ReportData = ReturnType<typeof shapeReport>;

export async function readReport(caller: FunctionCaller, timeZone: string): Promise<ReportRaw> {
  const args = { p_time_zone: timeZone };
  return {
    ...(await caller.scalar<ReportRaw>('tedxcommunity_report', args)),
    your_data_per_day: await caller.scalar('tedxcommunity_your_data_report', args),
  };
}

/** A report day (2026-05-15) as midnight UTC. */
export const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);

export function shiftDay(day: string, by: number): string {
  const d = utcDay(day);
  d.setUTCDate(d.getUTCDate() + by);
  return d.toISOString().slice(0, 10);
}

/** The campaigns, each once, in the order the report has them. */
export const campaignNames = (data: ReportData) => [
  ...new Set(data.campaigns.map((c) => c.campaign)),
];

/** A count as a whole-number share of everyone on the list: `42%`. */
export const shareOfTotal = (data: ReportData, count: number) =>
  `${Math.round((count / Math.max(1, data.total)) * 100)}%`;

const lookup = (rows: DayCount[]) => new Map(rows.map((r) => [r.day, Number(r.n)]));
const sum = (rows: { n: number }[]) => rows.reduce((s, r) => s + Number(r.n), 0);

export function shapeReport(raw: ReportRaw, timeZone: string, now: Date) {
  const today = dateIn(timeZone, now);
  const signups = lookup(raw.per_day);
  const unsubscribes = lookup(raw.unsubscribes_per_day);
  const bounces = lookup(raw.bounces_per_day);
  const seen = [...signups.keys(), ...unsubscribes.keys(), ...bounces.keys()].sort();
  // From the first day anything happened, or a fortnight ago if that is later, to today.
  const fortnight = shiftDay(today, -13);
  const start = seen[0] !== undefined && seen[0] < fortnight ? seen[0] : fortnight;
  const last = seen.at(-1);
  const end = last !== undefined && last > today ? last : today;
  const days = [];
  let cumulative = 0;
  for (let day = start; day <= end; day = shiftDay(day, 1)) {
    cumulative += signups.get(day) ?? 0;
    days.push({
      day,
      signups: signups.get(day) ?? 0,
      cumulative,
      unsubscribes: unsubscribes.get(day) ?? 0,
      bounces: bounces.get(day) ?? 0,
    });
  }
  const hours = new Map(raw.by_hour.map((h) => [Number(h.hour), Number(h.n)]));
  return {
    timeZone,
    today,
    total: Number(raw.total),
    days,
    sources: raw.by_source.map((s) => ({ source: s.source ?? NO_SOURCE, n: Number(s.n) })),
    hours: Array.from({ length: 24 }, (_, hour) => ({ hour, n: hours.get(hour) ?? 0 })),
    campaigns: raw.campaigns.flatMap((c) =>
      CAMPAIGN_STATUSES.map((status) => ({
        campaign: c.campaign,
        status,
        n: Number(status === 'left' ? c.left : (c.statuses[status] ?? 0)),
      })),
    ),
    // Per campaign: the hard bounces and complaints that came back after the send.
    late: raw.campaigns.map((c) => ({
      campaign: c.campaign,
      bounces: Number(c.late?.hard ?? 0),
      complaints: Number(c.late?.complaint ?? 0),
    })),
    unsubscribes: sum(raw.unsubscribes_per_day),
    bounces: sum(raw.bounces_per_day),
    // The days someone used their "Your data" page, with what they did.
    yourData: [...new Set(raw.your_data_per_day.map((r) => r.day))].map((d) => ({
      day: d,
      ...(Object.fromEntries(
        YOUR_DATA_KINDS.map((kind) => [
          kind,
          sum(raw.your_data_per_day.filter((r) => r.day === d && r.kind === kind)),
        ]),
      ) as Record<YourDataKind, number>),
    })),
  };
}
