// Launch day when the provider refuses the sender, not the addresses, through each door and on each
// engine (BACKENDS), with a real SMTP server answering in the providers' own words: Outlook's block
// list (S3150, as Microsoft's "550 5.7.1" troubleshooting page quotes it) suppresses nobody; Amazon
// SES's sandbox ("Email address is not verified", its documented SMTP answer at the end of DATA)
// stops the run after a few, in one line naming the cause, and the same command finishes later. The
// list spans four domains, as a real one spans many: the run stops only for refusals at several
// (refusal-watch.ts).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../test-support/server-process.ts';
import { startSmtpSink, type SmtpSink } from '../test-support/smtp-sink.ts';
import {
  ANNOUNCE_TEST_ENV as MAIL,
  BACKENDS,
  listOn,
  type ListBackend,
} from '../test-support/announce-lists.ts';
import { MAX_CONNECTIONS } from './announce/sending/smtp.ts';
import { REFUSED_IN_A_ROW } from './announce/sending/refusal-watch.ts';

const N = 40;
const OUTLOOK_S3150 =
  "5.7.1 Unfortunately, messages from [192.0.2.1] weren't sent. Please contact your Internet service provider since part of their network is on our block list (S3150). You can also refer your provider to http://mail.live.com/mail/troubleshooting.aspx#errors.";
const SES_SANDBOX =
  'Message rejected: Email address is not verified. The following identities failed the check in region EU-WEST-1: hello@tedx.test';
/** The i-th person on the list. */
const personAt = (i: number) => `person${i}@example${i % 4}.org`;
const everyone = Array.from({ length: N }, (_, i) => personAt(i));
/** Every third person is "at Outlook". */
const atOutlook = (to: string) => Number(/person(\d+)@/.exec(to)?.[1]) % 3 === 0;

for (const name of BACKENDS) {
  describe(`a provider refusing the sender, on ${name}`, { timeout: 240_000 }, () => {
    let list: ListBackend;
    let sink: SmtpSink;
    const announce = (...args: string[]) =>
      runCli(['cli/announce.ts', ...args], { ...MAIL, ...list.env, SMTP_URL: sink.url() });
    beforeAll(async () => {
      list = await listOn(name, N, personAt);
    }, 60_000);
    afterAll(() => list.dispose());
    afterEach(() => sink?.close());

    it('a block list refusing the sending IP suppresses nobody; they are tried again next run', async () => {
      let blocked = true;
      sink = await startSmtpSink({
        keep: true,
        reject: (to) => (blocked && atOutlook(to) ? { code: 550, message: OUTLOOK_S3150 } : null),
      });
      const outlook = everyone.filter(atOutlook);
      const run = await announce('--campaign', 'blocked', '--yes');
      expect(run.code).toBe(1);
      for (const to of outlook)
        expect(run.stderr).toContain(`Failed: ${to}: 550 5.7.1 Unfortunately`);
      expect(run.stderr).not.toContain('Bounced');
      expect(run.stderr).toContain(
        `Campaign blocked: ${N - outlook.length} sent, 0 already had it, ${outlook.length} failed, 0 unsubscribed, 0 bounced, 0 deferred, 0 suppressed`,
      );
      const suppressed = await runCli(['cli/subscribers.ts', 'suppressed'], { ...list.env });
      expect(suppressed.stdout + suppressed.stderr).not.toMatch(/person\d+@/);
      // Delisted: the same command reaches them, and only them.
      blocked = false;
      const rerun = await announce('--campaign', 'blocked', '--yes');
      expect(rerun.code).toBe(0);
      expect(rerun.stderr).toContain(
        `${outlook.length} sent, ${N - outlook.length} already had it, 0 failed`,
      );
      expect(sink.messages.map((m) => m.to).sort()).toEqual([...everyone].sort());
    });

    it('an SES sandbox refusing every message stops after a few, in one line; later the same command finishes', async () => {
      let sandbox = true;
      let refused = 0;
      sink = await startSmtpSink({
        keep: true,
        rejectData: () => (sandbox ? (refused++, { code: 554, message: SES_SANDBOX }) : null),
      });
      const run = await announce('--campaign', 'sandbox', '--yes');
      expect(run.code).toBe(1);
      const lines = run.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        new RegExp(
          `^The SMTP server 127\\.0\\.0\\.1:${sink.port} is refusing the sender or the message, not the addresses \\(554 Message rejected: Email address is not verified\\.[^)]*\\): likely cause: a sandbox or an unverified sender: verify the address or domain of MAIL_FROM with the provider .*; then run the same command again\\. Campaign sandbox: 0 sent, ${refused} refused \\(recorded as failed, tried again next run\\), ${N} still to send; nobody was suppressed$`,
        ),
      );
      // Stopped at once: the refusals that stopped it and those already in flight, no more.
      expect(refused).toBeGreaterThanOrEqual(REFUSED_IN_A_ROW);
      expect(refused).toBeLessThanOrEqual(REFUSED_IN_A_ROW + 2 * MAX_CONNECTIONS);
      expect(sink.count()).toBe(0);
      sandbox = false; // production access granted
      const rerun = await announce('--campaign', 'sandbox', '--yes');
      expect(rerun.code).toBe(0);
      expect(rerun.stderr).toContain(`Campaign sandbox: ${N} sent, 0 already had it, 0 failed`);
      expect(sink.count()).toBe(N);
    });
  });
}
