// The launch mail under load, for `npm run bench` (or alone: node scripts/bench-announce.ts).
// 20,000 subscribers in a fresh embedded database held by the real server (as on launch day, with
// the site up), a local SMTP sink (smtp-server), and the real `npm run announce` process:
//   1. after an unmeasured warm-up, ROUNDS times in turn: a bare Nodemailer pool (the yardstick:
//      same connections, message and sink; bench-announce-bare.ts), then announce to everyone
//      with ANNOUNCE_RATE=0. The same pool's rate moves by up to 40% minutes apart on a shared
//      2-core machine, so the budget is on the median round's share.
//   2. ANNOUNCE_RATE=20, stopped with Ctrl-C (SIGINT) after 300 messages: the rate the sink saw.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { barePool } from './bench-announce-bare.ts';
import { announce, type Run } from './bench-announce-run.ts';
import { middleBy } from './median.ts';
import { ANNOUNCE_BUDGET as BUDGET, reportBudgets } from '../test-support/budgets.ts';
import { seedPgliteDir } from '../test-support/databases.ts';
import { startServer } from '../test-support/server-process.ts';
import { startSmtpSink } from '../test-support/smtp-sink.ts';

const SUBSCRIBERS = Number(process.env.BENCH_ANNOUNCE_SUBSCRIBERS ?? 20_000);
const PACED = { rate: BUDGET.pacedRate, messages: 300 };
const ROUNDS = Number(process.env.BENCH_ANNOUNCE_ROUNDS ?? 3);
const WARM_UP = 2000;

interface Round {
  bare: number;
  run: Run;
  share: number;
}

/** A run's peak memory against a budget (a figure that could not be read counts as over). */
const rssOver = (r: Run, budget: number) => r.peakRssMb === null || r.peakRssMb >= budget;
const mb = (r: Run) => (r.peakRssMb === null ? 'n/a' : `${r.peakRssMb.toFixed(0)} MB`);
const pct = (share: number) => `${(share * 100).toFixed(0)}%`;

/** Runs the measurements, prints them, returns them with the budgets missed. */
export async function benchAnnounce(): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'tedx-bench-announce-'));
  const sink = await startSmtpSink();
  try {
    await seedPgliteDir(dir, (db) =>
      db.exec(`insert into public.tedxcommunity_emails (email, first_name)
      select 'reader' || i || '@bench.example', case when i % 3 = 0 then null else 'Reader' || i end
      from generate_series(1, ${SUBSCRIBERS}) i`),
    );

    // The real server on that directory, as on launch day with the site up.
    const server = await startServer({ DATA_DIR: dir }, { log: { file: join(dir, 'server.log') } });
    const rounds: Round[] = [];
    let paced: Run;
    try {
      await barePool(sink, WARM_UP);
      await announce(dir, sink, 'bench-warm-up', 0, WARM_UP);
      for (let i = 1; i <= ROUNDS; i++) {
        const bare = await barePool(sink, SUBSCRIBERS);
        const run = await announce(dir, sink, `bench-fast-${i}`, 0);
        rounds.push({ bare, run, share: run.perSecond / bare });
      }
      paced = await announce(dir, sink, 'bench-paced', PACED.rate, PACED.messages);
    } finally {
      await server.stop();
    }
    // A key left out is a blank cell in console.table: the paced run has no yardstick.
    const row = (r: Run, bare?: number) => ({
      ...(bare && { 'bare pool /s': Math.round(bare) }),
      'announce /s': Math.round(r.perSecond * 10) / 10,
      ...(bare && { 'share %': Math.round((r.perSecond / bare) * 100) }),
      messages: r.messages,
      'sender peak RSS MB': r.peakRssMb && Math.round(r.peakRssMb),
    });
    console.log(`\nLaunch mail: ${SUBSCRIBERS} subscribers, local SMTP sink, server running`);
    console.table({
      ...Object.fromEntries(rounds.map((r, i) => [`round ${i + 1}`, row(r.run, r.bare)])),
      [`ANNOUNCE_RATE=${PACED.rate}`]: row(paced),
    });
    const { share, run: fast } = middleBy(rounds, (round) => round.share);
    const missed: string[] = [];
    for (const { run } of rounds)
      if (run.messages !== SUBSCRIBERS)
        missed.push(`announce sent ${run.messages} of ${SUBSCRIBERS}`);
    if (fast.perSecond < BUDGET.perSecond)
      missed.push(
        `announce: ${fast.perSecond.toFixed(0)} messages/s, budget >= ${BUDGET.perSecond}`,
      );
    if (share < BUDGET.ofBarePool)
      missed.push(
        `announce: median round at ${pct(share)} of the bare pool, budget >= ${pct(BUDGET.ofBarePool)}`,
      );
    for (const { run } of rounds)
      if (rssOver(run, BUDGET.fastRssMb))
        missed.push(`announce: peak RSS ${mb(run)}, budget < ${BUDGET.fastRssMb} MB`);
    if (rssOver(paced, BUDGET.rssMb))
      missed.push(
        `announce at ANNOUNCE_RATE=${PACED.rate}: peak RSS ${mb(paced)}, budget < ${BUDGET.rssMb} MB`,
      );
    if (Math.abs(paced.perSecond - PACED.rate) > PACED.rate * BUDGET.rateTolerance)
      missed.push(
        `announce at ANNOUNCE_RATE=${PACED.rate}: ${paced.perSecond.toFixed(1)}/s, budget within 10%`,
      );
    return missed;
  } finally {
    await sink.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) reportBudgets(await benchAnnounce());
