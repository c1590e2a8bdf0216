// The speed and weight budgets (docs/performance.md says why each), in one place: `npm run audit`,
// `npm run bench` and the browser tests all read them from here. In CI the audit fails on the
// budgets that do not move with the machine's load (bytes; accessibility, best practices and SEO;
// the median LCP against the floor's) and prints the timing ones.

export const SITE_BUDGET = {
  /** Lighthouse performance score, mobile defaults, on every route (timing: printed). */
  performance: 98,
  /** Accessibility, best practices and SEO (gating). */
  otherCategories: 100,
  /** Timing: printed. */
  lcpMs: 1500,
  /**
   * The median LCP as a multiple of the floor's median (one heading and a paragraph, same server,
   * same run): gating, as the machine's load moves both alike.
   */
  lcpFloorRatio: 1.25,
  /** Total blocking time, in every run (not only the median); timing: printed. */
  tbtMs: 10,
  /** Printed (the browser tests hold it in display-font.spec.ts). */
  cls: 0.01,
  /**
   * Each route's HTML, headers included, as sent: within the first round trip of a new
   * connection (TCP's initial window, 10 segments of 1,460 bytes). One byte more costs a whole
   * round trip, 150 ms on Lighthouse's slow 4G and more on 3G.
   */
  htmlBytes: 14_600,
  /** JavaScript a first visit to `/` loads, as sent, compressed (supabase-js is not in it). */
  homeJsBytes: 80 * 1024,
  /** Everything a first visit to `/` transfers. */
  homeTotalBytes: 200 * 1024,
} as const;

export const BENCH_BUDGET = {
  /** The embedded server's sign-ups per second, as a share of its database's raw insert rate. */
  ratio: 0.6,
  p99Ms: 100,
  p99AtConnections: 50,
} as const;

export const SOAK_BUDGET = {
  /** The server's resident memory over the hostile soak (scripts/bench-soak.ts), after warm-up. */
  rssGrowthMb: 50,
} as const;

export const ANNOUNCE_BUDGET = {
  /** `npm run announce` with ANNOUNCE_RATE=0 to a local SMTP sink, 20,000 subscribers. */
  perSecond: 300,
  /** ...and at least this share of a bare Nodemailer pool to the same sink, measured alongside. */
  ofBarePool: 0.8,
  /**
   * The sender's peak resident memory at ANNOUNCE_RATE=20 (near the default 5/s), and at full
   * speed, where V8 lets garbage pile up (about 300 MB with Node's default heap: nothing an
   * organiser's laptop notices, so no heap flags on `npm run announce`).
   */
  rssMb: 200,
  fastRssMb: 400,
  /** With ANNOUNCE_RATE=20 the measured rate is within 10% of it. */
  pacedRate: 20,
  rateTolerance: 0.1,
} as const;

/** The end of every bench: the budgets missed (exit code 1), or that all held. */
export function reportBudgets(missed: string[]): void {
  console.log(missed.length ? `\nBudget missed:\n  ${missed.join('\n  ')}` : '\nAll budgets held.');
  process.exitCode = missed.length ? 1 : 0;
}
