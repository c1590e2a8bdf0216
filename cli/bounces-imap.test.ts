// `subscribers -- bounces` against a real IMAP server (Dovecot) through each door and on each
// engine, and hosted Supabase: real reports from the sisimai corpus wrapped around
// messages the project sent through smtp-server, beside forged, token-stripped, changed and
// unmatched ones. It acts on the hard bounces and the complaint alone, changes nothing in the
// mailbox, changes nothing on a second run, and the next campaign reaches exactly the people it
// should, each once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailKeys, mailToken } from './mail-token.ts';
import {
  ANNOUNCE_TEST_ENV,
  BACKENDS,
  listOn,
  type ListBackend,
} from '../test-support/announce-lists.ts';
import {
  DOVECOT_SKIP_REASON,
  hasDovecot,
  startDovecot,
  type Dovecot,
} from '../test-support/dovecot.ts';
import { TEST_DATABASE_URL } from '../test-support/databases.ts';
import { runCli } from '../test-support/server-process.ts';
import { startSmtpSink, type SinkMessage, type SmtpSink } from '../test-support/smtp-sink.ts';
import { readSample, wrapReport } from '../test-support/wrap-report.ts';

const SENDER = 'hello@tedx.test';
const N = 8;
const person = (i: number) => `person${i}@example.org`;

/** An ordinary message, as a mailbox is mostly made of. */
export const ordinary = (i: number) =>
  `From: Friend ${i} <friend${i}@example.net>\nTo: ${SENDER}\nSubject: Question ${i} about the event\n` +
  `Date: Thu, 26 Nov 2026 10:00:00 +0000\nMessage-ID: <q${i}@example.net>\n\nWhen do tickets open?\n`;

async function fillMailbox(dovecot: Dovecot, user: string, sink: SmtpSink) {
  const sent = (i: number) => {
    const m = sink.messages.find((x) => x.to === person(i));
    if (!m) throw new Error(`${person(i)} got nothing`);
    return m;
  };
  const wrap = async (sample: string, message: SinkMessage) => {
    const { raw, wrapped } = await wrapReport(readSample(sample), message, SENDER);
    expect(wrapped).toBe(true);
    dovecot.deliver(user, raw);
  };
  const p5 = sent(5);
  const forged = mailToken(mailKeys('f'.repeat(64)), 'launch', 6);
  const [campaign, ref, mac] = (p5.headers.get('x-campaign-token') ?? '').split('.');
  const changed = `second.${ref}.${mac}`;
  const withToken = (m: SinkMessage, token: string | null): SinkMessage => ({
    ...m,
    headers: new Map(
      token
        ? [
            ['message-id', `<${token}@tedx.test>`],
            ['x-campaign-token', token],
          ]
        : [],
    ),
  });
  expect(campaign).toBe('launch');
  await wrap('lhost-postfix-04.eml', sent(0)); // 550 5.1.1, RFC 3464
  await wrap('lhost-gmail-01.eml', sent(1)); // Gmail's own words, no DSN part
  await wrap('lhost-qmail-01.eml', sent(7)); // qmail
  await wrap('arf-01.eml', sent(2)); // ARF abuse, recipient redacted
  await wrap('lhost-amazonses-03.eml', sent(3)); // mailbox full: soft
  await wrap('rhost-google-03.eml', sent(4)); // blocked: about the sender
  dovecot.deliver(user, readSample('rfc3834-01.eml')); // a vacation reply
  await wrap('lhost-postfix-04.eml', { ...withToken(p5, forged), to: person(6) }); // forged
  await wrap('lhost-postfix-04.eml', withToken(p5, null)); // token stripped
  await wrap('lhost-postfix-04.eml', withToken(p5, changed)); // token changed
  await wrap('lhost-postfix-04.eml', { ...p5, to: 'someone-else@example.org' }); // another address
  dovecot.deliver(user, readSample('lhost-exim-01.eml')); // about someone else's mail
  for (let i = 0; i < 30; i++) dovecot.deliver(user, ordinary(i), i % 3 === 0 ? 'S' : '');
}

// With PostgreSQL, on it and on hosted Supabase: the running server's socket is read through in
// bounces-corpus and bounces-hostile.
const doors = TEST_DATABASE_URL ? ['PostgreSQL'] : BACKENDS;
const names = hasDovecot() ? [...doors, 'hosted Supabase'] : [];
if (!hasDovecot()) describe.skip(DOVECOT_SKIP_REASON, () => it('bounces over IMAP'));

let dovecot: Dovecot;
beforeAll(async () => {
  if (hasDovecot()) dovecot = await startDovecot();
}, 30_000);
afterAll(() => dovecot?.stop());

for (const name of names) {
  describe(`bounces over IMAP on ${name}`, () => {
    const user = `org-${name.replace(/\W/g, '').toLowerCase()}`;
    let list: ListBackend;
    let sink: SmtpSink;
    let env: Record<string, string>;
    const cli = (...args: string[]) => runCli(args, env);
    beforeAll(async () => {
      list = await listOn(name, N);
      sink = await startSmtpSink({ keep: true });
      env = {
        ...ANNOUNCE_TEST_ENV,
        ...list.env,
        SMTP_URL: sink.url(),
        IMAP_URL: dovecot.url(user),
      };
      dovecot.addUser(user);
      expect((await cli('cli/announce.ts', '--campaign', 'launch', '--yes')).code).toBe(0);
      await fillMailbox(dovecot, user, sink);
    }, 60_000);
    afterAll(async () => {
      await sink?.close();
      await list?.dispose();
    });

    it(
      'acts on the hard bounces and the complaint only, and leaves the mailbox as it was',
      { timeout: 120_000 },
      async () => {
        const flags = dovecot.flags(user).sort();
        const run = await cli('cli/subscribers.ts', 'bounces', '--verbose');
        expect(run.code).toBe(0);
        expect(run.stderr).toContain(
          `Late bounce (suppressed from now on): ${person(0)}: 5.1.1 550 5.1.1 Address rejected ${person(0)}`,
        );
        expect(run.stderr).toContain(`Late bounce (suppressed from now on): ${person(1)}:`);
        expect(run.stderr).toContain(`Late bounce (suppressed from now on): ${person(7)}:`);
        expect(run.stderr).toContain(`Complaint (unsubscribed and suppressed): ${person(2)}`);
        expect(run.stderr).toContain(`Soft bounce (counted, not suppressed): ${person(3)}`);
        expect(run.stderr).toContain(`About the sender (nobody suppressed): ${person(4)}`);
        expect(run.stderr).toMatch(/Unmatched \(left alone\): .*a token that does not verify/);
        expect(run.stderr).toMatch(/Unmatched \(left alone\): .*no token in the returned message/);
        expect(run.stderr).toMatch(/Unmatched \(left alone\): .*the bounce names another address/);
        expect(run.stderr).toMatch(
          new RegExp(
            `^Read 11 reports in INBOX on 127\\.0\\.0\\.1:${dovecot.port} \\(42 messages\\) for .*: ` +
              '3 hard bounces suppressed, 1 complaint unsubscribed and suppressed, ' +
              '1 soft \\(1 person, never suppressed\\), 1 about the sender, 5 unmatched; ' +
              '1 auto-reply ignored, 0 already handled\\.$',
            'm',
          ),
        );
        expect(run.stderr).toMatch(
          /^Reports about 1 person at 1 domain say a receiving server refused the sender .* Too few domains to tell a likely cause\.$/m,
        );
        // Read-only: every message is still there, with the flags it had (no \Seen added).
        expect(dovecot.flags(user).sort()).toEqual(flags);

        const suppressed = await cli('cli/subscribers.ts', 'suppressed');
        const rows = suppressed.stdout.trim().split('\n');
        expect(rows[0]).toBe('email,why,since,detail,signed_up_again');
        expect(
          rows
            .slice(1)
            .map((r) => r.split(',').slice(0, 2).join(','))
            .sort(),
        ).toEqual([
          `${person(0)},late bounce`,
          `${person(1)},late bounce`,
          `${person(2)},complaint`,
          `${person(7)},late bounce`,
        ]);
        expect((await cli('cli/subscribers.ts', 'count')).stdout).toBe(`${N - 1}\n`);
      },
    );

    it(
      'changes nothing on a second run, and the next campaign reaches exactly the right people',
      { timeout: 120_000 },
      async () => {
        const again = await cli('cli/subscribers.ts', 'bounces');
        expect(again.code).toBe(0);
        expect(again.stderr).toMatch(
          /: 0 hard bounces suppressed, 0 complaints unsubscribed and suppressed, 0 soft \(0 people, never suppressed\), 0 about the sender, 5 unmatched \(--verbose lists them\); 1 auto-reply ignored, 6 already handled\.$/m,
        );
        expect(again.stderr).not.toContain('Late bounce');
        const before = sink.count();
        expect((await cli('cli/announce.ts', '--campaign', 'second', '--yes')).code).toBe(0);
        const second = sink.messages
          .slice(before)
          .map((m) => m.to)
          .sort();
        expect(second).toEqual([3, 4, 5, 6].map(person));
        // Taken off the suppression list by hand: a later scan does not put it back.
        await cli('cli/subscribers.ts', 'unsuppress', person(0));
        await cli('cli/subscribers.ts', 'bounces');
        const rows = (await cli('cli/subscribers.ts', 'suppressed')).stdout;
        expect(rows).not.toContain(person(0));
      },
    );
  });
}
