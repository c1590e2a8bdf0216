// Launch day when strangers sign up with addresses built from the words a provider uses for its
// own limits and policies, and the relay refuses them as unknown users, quoting them (issue 32):
// each is a bounce about that address, suppressed; the run goes on to everyone else.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../test-support/server-process.ts';
import { startSmtpSink, type SmtpSink } from '../test-support/smtp-sink.ts';
import {
  ANNOUNCE_TEST_ENV as MAIL,
  listOn,
  type ListBackend,
} from '../test-support/announce-lists.ts';

/** Unknown users, each refused in one relay's real wording with the address quoted. */
const UNKNOWN: Record<string, (to: string) => { code: number; message: string }> = {
  'quota.daily-sending-limit@example.org': (to) => ({
    code: 550,
    message: `5.1.1 <${to}>: Recipient address rejected: User unknown in virtual mailbox table`,
  }),
  'throttling.ratelimit@example.net': (to) => ({
    code: 553,
    message: `5.1.3 The recipient address <${to}> is not a valid RFC-5321 address. Learn more at https://support.google.com/mail/answer/6596`,
  }),
  'outboundspamexception@example.com': (to) => ({
    code: 550,
    message: `5.1.1 <${to}>: Recipient address rejected: User unknown in virtual mailbox table`,
  }),
  'dkim.spam.content@example.org': (to) => ({
    code: 550,
    message: `5.1.1 <${to}>... User unknown`,
  }),
  'unusual-rate.sandbox.spamhaus@example.org': (to) => ({
    code: 550,
    message: `5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient ${to} not found by SMTP address lookup`,
  }),
};
const strangers = Object.keys(UNKNOWN);
const GOOD = 20;
/** Every fifth person, from the third on, is one of the strangers. */
const emailOf = (i: number) => (i % 5 === 2 ? strangers[(i - 2) / 5] : `person${i}@example.org`);
const everyone = Array.from({ length: GOOD + strangers.length }, (_, i) => emailOf(i));

describe('addresses that quote the providers’ words, on PGlite', { timeout: 240_000 }, () => {
  let list: ListBackend;
  let sink: SmtpSink;
  beforeAll(async () => {
    list = await listOn('PGlite', everyone.length, emailOf);
  }, 60_000);
  afterAll(() => list.dispose());
  afterEach(() => sink?.close());

  it('bounces and suppresses exactly the unknown users and reaches every other person', async () => {
    sink = await startSmtpSink({ keep: true, reject: (to) => UNKNOWN[to]?.(to) ?? null });
    const run = await runCli(['cli/announce.ts', '--campaign', 'quoted', '--yes'], {
      ...MAIL,
      ...list.env,
      SMTP_URL: sink.url(),
    });
    const suppressed = await runCli(['cli/subscribers.ts', 'suppressed'], { ...list.env });
    expect(run.stderr).not.toMatch(/sending limit|refusing the sender/);
    expect(run.code).toBe(0);
    expect(sink.messages.map((m) => m.to).sort()).toEqual(
      everyone.filter((e) => !strangers.includes(e)).sort(),
    );
    const rows = suppressed.stdout.trim().split('\n').slice(1); // under the CSV header
    expect(rows.map((row) => row.split(',')[0]).sort()).toEqual([...strangers].sort());
    expect(run.stderr).toContain(
      `Campaign quoted: ${GOOD} sent, 0 already had it, 0 failed, 0 unsubscribed, ${strangers.length} bounced, 0 deferred`,
    );
  });
});
