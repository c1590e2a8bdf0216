// A mailbox of 10,000 ordinary messages and a few reports, on a real IMAP server (Dovecot): the
// scan downloads only what can be a report, finishes well under a minute on loopback, and runs in
// a bounded heap (V8's old space capped at 96 MB: a scan that kept every message would run out).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANNOUNCE_TEST_ENV, listOn, type ListBackend } from '../test-support/announce-lists.ts';
import {
  DOVECOT_SKIP_REASON,
  hasDovecot,
  startDovecot,
  type Dovecot,
} from '../test-support/dovecot.ts';
import { runCli } from '../test-support/server-process.ts';
import { startSmtpSink, type SmtpSink } from '../test-support/smtp-sink.ts';
import { readSample, wrapReport } from '../test-support/wrap-report.ts';

const MESSAGES = 10_000;
/** docs/performance.md: "well under a minute" on loopback, with room for a loaded machine. */
const BUDGET_MS = 45_000;

/** An ordinary message of a few kilobytes, as a sending mailbox is mostly made of. */
const ordinary = (i: number) =>
  `From: Friend ${i} <friend${i}@example.net>\nTo: hello@tedx.test\nSubject: Question ${i}\n` +
  `Date: Thu, 26 Nov 2026 10:00:00 +0000\nMessage-ID: <q${i}@example.net>\n` +
  `MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\n` +
  `${'When do tickets open, and is there a student price? '.repeat(40)}\n`;

if (!hasDovecot()) describe.skip(DOVECOT_SKIP_REASON, () => it('scans a large mailbox'));
else
  describe(`bounces over a mailbox of ${MESSAGES.toLocaleString('en-US')} messages`, () => {
    let dovecot: Dovecot;
    let list: ListBackend;
    let sink: SmtpSink;
    let env: Record<string, string>;
    beforeAll(async () => {
      dovecot = await startDovecot();
      dovecot.addUser('big');
      list = await listOn('running server', 3);
      sink = await startSmtpSink({ keep: true });
      env = {
        ...ANNOUNCE_TEST_ENV,
        ...list.env,
        SMTP_URL: sink.url(),
        IMAP_URL: dovecot.url('big'),
      };
      expect((await runCli(['cli/announce.ts', '--campaign', 'launch', '--yes'], env)).code).toBe(
        0,
      );
      const [sent] = sink.messages;
      for (let i = 0; i < MESSAGES; i++) {
        dovecot.deliver('big', ordinary(i));
        if (i % 2500 === 0) {
          const { raw } = await wrapReport(
            readSample('lhost-postfix-04.eml'),
            sent,
            'hello@tedx.test',
          );
          dovecot.deliver('big', raw);
        }
      }
    }, 120_000);
    afterAll(async () => {
      await sink?.close();
      await list?.dispose();
      await dovecot?.stop();
    });

    it(
      'reads only the reports, well under a minute, in a bounded heap',
      { timeout: 120_000 },
      async () => {
        const started = performance.now();
        const run = await runCli(['cli/subscribers.ts', 'bounces'], {
          ...env,
          NODE_OPTIONS: '--max-old-space-size=96',
        });
        const ms = performance.now() - started;
        expect(run.code).toBe(0);
        expect(run.stderr).toMatch(
          new RegExp(
            `^Read 4 reports in INBOX on 127\\.0\\.0\\.1:\\d+ \\(${MESSAGES + 4}`.replace(
              '10004',
              '10,004',
            ),
            'm',
          ),
        );
        expect(run.stderr).toContain(': 1 hard bounce suppressed');
        expect(run.stderr).toContain('3 already handled');
        console.log(`bounces: ${MESSAGES + 4} messages scanned in ${(ms / 1000).toFixed(1)} s`);
        expect(ms).toBeLessThan(BUDGET_MS);
        // Nothing was marked read.
        expect(dovecot.flags('big').every((f) => f === '')).toBe(true);
      },
    );
  });
