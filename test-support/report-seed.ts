// A known list for the report tests: five weeks of sign-ups from several sources at known hours
// (Kampala time, UTC+3 all year), people who left, and two campaigns' delivery records. The
// expected numbers are worked out here from the same plan, not read back from the database.
import type { Db } from '../platform/db/types.ts';

const SOURCES = ['whatsapp', 'whatsapp', null, 'x', 'linkedin', 'poster', 'email', 'calendar'];
const DAYS = 35;

export interface Seeded {
  /** Sign-ups per Kampala day, oldest first (every day of the plan, zeros included). */
  perDay: { day: string; n: number }[];
  bySource: Map<string | null, number>;
  byHour: number[];
  total: number;
  unsubscribes: Map<string, number>;
  /** The "Your data" pages' counts per day, in the event's time zone. */
  yourData: { day: string; corrected: number; downloaded: number; erased: number }[];
  campaigns: { campaign: string; sent: number; failed: number; left: number }[];
  /** Late reports on "launch" (`subscribers -- bounces`). */
  late: { bounces: number; complaints: number };
}

const kampalaDay = (at: Date) => new Date(at.getTime() + 3 * 3600_000).toISOString().slice(0, 10);

/** The plan: day k (0 = 34 days ago … 34 = today) gets a few sign-ups, with a spike or two. */
function signupsOn(k: number): number {
  if (k === 20) return 40; // the day it went round the WhatsApp groups
  if (k % 9 === 4) return 0;
  return 1 + ((k * 7) % 5) + Math.floor(k / 6);
}

export async function seedReportList(db: Db, now = new Date()): Promise<Seeded> {
  const rows: string[] = [];
  const perDay: Seeded['perDay'] = [];
  const bySource = new Map<string | null, number>();
  const byHour = Array.from({ length: 24 }, () => 0);
  const today = kampalaDay(now);
  let person = 0;
  for (let k = 0; k < DAYS; k++) {
    const day = new Date(`${today}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() - (DAYS - 1 - k));
    const date = day.toISOString().slice(0, 10);
    const n = signupsOn(k);
    let placed = 0;
    for (let i = 0; i < n; i++) {
      // Evening-heavy hours, never later than now today.
      const hour = [19, 20, 21, 8, 13, 22, 7, 18, 12, 20][(person + i) % 10];
      const at = new Date(
        `${date}T${String(hour).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00+03:00`,
      );
      if (at > now) continue;
      const source = SOURCES[person % SOURCES.length];
      rows.push(
        `('person${person}@example.org', ${source ? `'${source}'` : 'null'}, '${at.toISOString()}')`,
      );
      bySource.set(source, (bySource.get(source) ?? 0) + 1);
      byHour[hour]++;
      person++;
      placed++;
    }
    perDay.push({ day: date, n: placed });
  }
  await db.exec(
    `insert into public.tedxcommunity_emails (email, source, created_at) values ${rows.join(',')}`,
  );
  // Three people left on two days (their rows are gone; only the token and time stay).
  const leftOn = [perDay[25].day, perDay[25].day, perDay[30].day];
  await db.exec(
    `insert into public.tedxcommunity_unsubscribed (token, unsubscribed_at) values ${leftOn
      .map((d) => `(gen_random_uuid(), '${d}T10:00:00+03:00')`)
      .join(',')}`,
  );
  const unsubscribes = new Map<string, number>();
  for (const d of leftOn) unsubscribes.set(d, (unsubscribes.get(d) ?? 0) + 1);
  // "launch": sent to the first 60 people, failed for the next 4; "tickets": sent to the first 25.
  const deliver = (campaign: string, from: number, to: number, status: string) =>
    db.exec(`insert into public.tedxcommunity_deliveries (campaign, email_hash, status)
      select '${campaign}', public.tedxcommunity_email_hash('person' || g || '@example.org'), '${status}'
      from generate_series(${from}, ${to - 1}) g`);
  await deliver('launch', 0, 60, 'sent');
  await deliver('launch', 60, 64, 'failed');
  await deliver('tickets', 0, 25, 'sent');
  // After the send, "launch" had two hard bounces, a complaint and a soft bounce come back.
  await db.exec(`insert into public.tedxcommunity_late_reports
      (report_id, campaign, email_hash, kind, acted)
    select sha256(convert_to('report' || g, 'UTF8')), 'launch',
      public.tedxcommunity_email_hash('person' || g || '@example.org'),
      (array['hard', 'hard', 'complaint', 'soft'])[g + 1], g < 3
    from generate_series(0, 3) g`);
  // On their "Your data" pages: two corrections and a download one day, an erasure the next.
  const yourData = [perDay[30].day, perDay[31].day];
  await db.exec(`insert into public.tedxcommunity_your_data_events (kind, at) values
    ('corrected', '${yourData[0]}T09:00:00+03:00'), ('corrected', '${yourData[0]}T23:30:00+03:00'),
    ('downloaded', '${yourData[0]}T12:00:00+03:00'), ('erased', '${yourData[1]}T00:30:00+03:00')`);
  return {
    perDay,
    yourData: [
      { day: yourData[0], corrected: 2, downloaded: 1, erased: 0 },
      { day: yourData[1], corrected: 0, downloaded: 0, erased: 1 },
    ],
    bySource,
    byHour,
    total: person,
    unsubscribes,
    campaigns: [
      { campaign: 'launch', sent: 60, failed: 4, left: person - 64 },
      { campaign: 'tickets', sent: 25, failed: 0, left: person - 25 },
    ],
    late: { bounces: 2, complaints: 1 },
  };
}
