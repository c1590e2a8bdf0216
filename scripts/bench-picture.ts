// The benchmark as a picture: one offline HTML page (cli/report/page.ts) with the sign-up load,
// the hostile soak and the launch-day announcement drawn against their budgets. Written by
// `npm run bench`.
import { n as count } from '../cli/announce/output/say.ts';
import { chart, figure, legend, pageHtml, table } from '../cli/report/page.ts';
import { html, type Html } from '../server/html.ts';
import { ANNOUNCE_BUDGET, BENCH_BUDGET, SOAK_BUDGET } from '../test-support/budgets.ts';
import { mb, pct } from '../test-support/table.ts';
import { rssOver, type AnnounceFigures } from './bench-announce.ts';
import { signupOver, type Row } from './bench-load.ts';
import type { SoakResult } from './bench-soak.ts';
import { barsAgainstBudget as bars, budgetsTile, KINDS, type Mark } from './picture-marks.ts';

export const DEFAULT_BENCH_PICTURE = 'bench-report.html';

export interface BenchFigures {
  signups: Row[];
  soak: SoakResult;
  announce: AnnounceFigures;
  misses: string[];
  madeAt: string;
  /** The machine and the settings, in a few words. */
  how: string;
}

/** A rate or a count in whole units, as the organiser commands write numbers: 3,479. */
const n = (x: number) => count(Math.round(x));

/** `PGlite, 50 conn.`: short enough for a phone's chart. */
const signupLabel = (r: Row) =>
  `${r.database.replace(/^embedded \((\w+)\)$/, '$1')}, ${r.connections} conn.`;

function signupSections(rows: Row[]): Html[] {
  const share = bars(
    'Sign-ups per second through the server as a share of the database’s raw insert rate, as bars',
    rows.map((r) => ({
      label: signupLabel(r),
      value: r.perSecond / r.raw,
      over: signupOver(r).share,
      title: `${signupLabel(r)}: ${n(r.perSecond)} sign-ups/s, ${pct(r.perSecond / r.raw)} of ${n(r.raw)} raw inserts/s`,
    })),
    pct,
    { at: BENCH_BUDGET.ratio, label: `${pct(BENCH_BUDGET.ratio)} of raw` },
  );
  const latency = bars(
    'The slowest one in a hundred sign-ups (p99), in milliseconds, as bars',
    rows.map((r) => ({
      label: signupLabel(r),
      value: r.p99,
      over: signupOver(r).p99,
      title: `${signupLabel(r)}: p99 ${r.p99} ms, p50 ${r.p50} ms`,
    })),
    (x) => `${Math.round(x)} ms`,
    { at: BENCH_BUDGET.p99Ms, label: `${BENCH_BUDGET.p99Ms} ms` },
  );
  const numbers = table(
    'The numbers',
    ['Database, connections', 'Sign-ups/s', 'Raw inserts/s', 'Share', 'p50', 'p99', 'Errors'],
    rows.map((r) => [
      signupLabel(r),
      n(r.perSecond),
      n(r.raw),
      pct(r.perSecond / r.raw),
      `${r.p50} ms`,
      `${r.p99} ms`,
      r.errors,
    ]),
  );
  return [
    figure(
      'signups',
      'Sign-ups under load',
      `Sign-ups per second through the real server, against the same database’s own rate of single inserts. Budget: the embedded database at least ${pct(BENCH_BUDGET.ratio)} of it, no errors.`,
      legend(KINDS),
      chart(share),
      numbers,
    ),
    figure(
      'latency',
      'Waiting for a sign-up',
      `The slowest one in a hundred. Budget: under ${BENCH_BUDGET.p99Ms} ms with ${BENCH_BUDGET.p99AtConnections} connections at once.`,
      chart(latency),
    ),
  ];
}

function soakSection(s: SoakResult): Html {
  const limit = s.rssBefore + SOAK_BUDGET.rssGrowthMb;
  const rows: Mark[] = [
    { label: 'at start', value: s.rssFresh, over: null, title: '' },
    { label: 'after warm-up', value: s.rssBefore, over: null, title: '' },
    { label: 'after the soak', value: s.rssAfter, over: s.rssAfter >= limit, title: '' },
    { label: 'peak', value: s.rssPeak, over: null, title: '' },
  ].map((r) => ({ ...r, title: `${r.label}: ${mb(r.value)}` }));
  const hostile = s.hostile['4xx'] + s.hostile.closed + s.hostile.other;
  return figure(
    'soak',
    'The server under hostile traffic',
    `${n(hostile)} hostile requests in ${Math.round(s.seconds)} s: ${n(s.hostile['4xx'])} refused with a 4xx, ${n(s.hostile.closed)} closed, ${n(s.hostile.other)} other. Meanwhile an honest visitor signed up ${n(s.honest.sent)} times: ${s.honest.errors} errors, p99 ${s.honest.p99} ms. Budget: the server’s memory grows less than ${SOAK_BUDGET.rssGrowthMb} MB after warm-up.`,
    chart(
      bars('The server’s resident memory through the soak, as bars', rows, mb, {
        at: limit,
        label: `+${SOAK_BUDGET.rssGrowthMb} MB`,
      }),
    ),
    table(
      'The numbers',
      ['When', 'Server memory (RSS)'],
      rows.map((r) => [r.label, mb(r.value)]),
    ),
  );
}

function announceSections(a: AnnounceFigures): Html[] {
  const round = (i: number) => `round ${i + 1}`;
  const share = bars(
    'The announcement’s rate as a share of a bare Nodemailer pool, round by round, as bars',
    a.rounds.map((r, i) => ({
      label: r === a.median ? `${round(i)} (median)` : round(i),
      value: r.share,
      // The budget is on the median round; the others show how much a round moves.
      over: r === a.median ? r.share < ANNOUNCE_BUDGET.ofBarePool : null,
      title: `${round(i)}: ${n(r.run.perSecond)} messages/s against the bare pool’s ${n(r.bare)}: ${pct(r.share)}`,
    })),
    pct,
    { at: ANNOUNCE_BUDGET.ofBarePool, label: pct(ANNOUNCE_BUDGET.ofBarePool) },
  );
  const runs = [
    ...a.rounds.map((r, i) => ({
      label: round(i),
      run: r.run,
      budget: true,
    })),
    { label: `paced at ${ANNOUNCE_BUDGET.pacedRate}/s`, run: a.paced, budget: true },
    { label: 'own database', run: a.direct, budget: false },
  ];
  const memory = bars(
    'The sender’s peak resident memory in each run, as bars',
    runs.map(({ label, run, budget }) => ({
      label,
      value: run.peakRssMb ?? 0,
      over: budget ? rssOver(run) : null,
      title: `${label}: ${mb(run.peakRssMb)}, ${n(run.messages)} messages at ${run.perSecond.toFixed(1)}/s`,
    })),
    mb,
    { at: ANNOUNCE_BUDGET.rssMb, label: `${ANNOUNCE_BUDGET.rssMb} MB` },
  );
  return [
    figure(
      'announce',
      'The launch-day announcement',
      `${n(a.subscribers)} people, a local SMTP server, the real npm run announce beside the running server, against a bare Nodemailer pool with the same message measured just before. Budget: the median round at least ${pct(ANNOUNCE_BUDGET.ofBarePool)} of the pool and ${ANNOUNCE_BUDGET.perSecond} messages/s.`,
      legend(KINDS),
      chart(share),
      table(
        'The numbers, round by round',
        ['Round', 'Bare pool, messages/s', 'Announce, messages/s', 'Share'],
        a.rounds.map((r, i) => [round(i), n(r.bare), n(r.run.perSecond), pct(r.share)]),
      ),
    ),
    figure(
      'announce-memory',
      'The sender’s memory',
      `Each round as fast as it goes, then paced; last, for comparison, the sender with the server stopped, opening the embedded database itself. Budget: under ${ANNOUNCE_BUDGET.rssMb} MB while the server holds the database, and the paced run within ${pct(ANNOUNCE_BUDGET.rateTolerance)} of ${ANNOUNCE_BUDGET.pacedRate} messages/s (it held ${a.paced.perSecond.toFixed(1)}/s).`,
      chart(memory),
      table(
        'The numbers, run by run',
        ['Run', 'Messages', 'Messages/s', 'Wall time', 'Peak memory (RSS)'],
        runs.map(({ label, run }) => [
          label,
          run.messages,
          run.perSecond.toFixed(1),
          `${run.wallSeconds.toFixed(1)} s`,
          mb(run.peakRssMb),
        ]),
      ),
    ),
  ];
}

export function benchPictureHtml(f: BenchFigures): string {
  const at50 = f.signups.find(
    (r) => r.database.startsWith('embedded') && r.connections === BENCH_BUDGET.p99AtConnections,
  );
  return pageHtml({
    title: 'The server under load: npm run bench',
    kicker: 'npm run bench',
    heading: 'Under load',
    meta: `Made ${f.madeAt}. ${f.how}`,
    stats: [
      budgetsTile(f.misses, 'All held'),
      [
        at50 ? n(at50.perSecond) : 'n/a',
        `sign-ups a second (${BENCH_BUDGET.p99AtConnections} connections)`,
      ],
      [
        `+${Math.round(f.soak.rssAfter - f.soak.rssBefore)} MB`,
        'server memory after the hostile soak',
      ],
      [pct(f.announce.median.share), 'of a bare mail pool, announcing'],
      [
        `${f.announce.paced.perSecond.toFixed(1)}/s`,
        `announcing, paced to ${ANNOUNCE_BUDGET.pacedRate} a second`,
      ],
    ],
    notes: f.misses.map((miss) => `Missed: ${miss}`),
    sections: [...signupSections(f.signups), soakSection(f.soak), ...announceSections(f.announce)],
    footer: html`Made by <code>npm run bench</code>. How each figure is measured, and what was measured before: <code>docs/performance.md</code>.`,
  });
}
