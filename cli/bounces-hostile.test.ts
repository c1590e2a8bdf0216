// `subscribers -- bounces` against what a stranger can put in the sending mailbox (issue 45): a
// message postal-mime refuses, a 1 MB field, a long line of spaces, a 10 MB message in an mbox, a
// server that sends 30 MB where 1 MB was asked. Beside them, real reports (the sisimai corpus,
// wrapped around messages the project sent) are acted on, the rest is counted unreadable or
// unmatched, and a second run does the same, from files and over Dovecot (where a 2 MB header
// field is more than the screen takes); forty reports in Russian and Japanese all act.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANNOUNCE_TEST_ENV, listOn, type ListBackend } from '../test-support/announce-lists.ts';
import { hasDovecot, startDovecot } from '../test-support/dovecot.ts';
import { BIG, fakeImap } from '../test-support/fake-imap.ts';
import { HOSTILE_MAIL } from '../test-support/hostile-mail.ts';
import { runCli } from '../test-support/server-process.ts';
import { startSmtpSink, type SmtpSink } from '../test-support/smtp-sink.ts';
import { readSample, wrapReport } from '../test-support/wrap-report.ts';

const SENDER = 'hello@tedx.test';
const N = 50;
const person = (i: number) => `person${i}@example.org`;
const MINUTE = 60_000;
const size = (name: string) => HOSTILE_MAIL[name]().length.toLocaleString('en-US');

let list: ListBackend;
let sink: SmtpSink;
let env: Record<string, string>;
let folder: string;
const cli = (...args: string[]) => runCli(args, env);
/** lhost-postfix-04 (550 5.1.1) about person i, its diagnostic replaced when one is given. */
async function hardBounce(i: number, diagnostic?: string): Promise<string> {
  const sent = sink.messages.find((m) => m.to === person(i));
  if (!sent) throw new Error(`${person(i)} got nothing`);
  const { raw, wrapped } = await wrapReport(readSample('lhost-postfix-04.eml'), sent, SENDER);
  expect(wrapped).toBe(true);
  if (diagnostic === undefined) return raw;
  // The file is written as latin1: the UTF-8 bytes of the diagnostic, as a relay sends them.
  const utf8 = Buffer.from(diagnostic, 'utf8').toString('latin1');
  return raw.replace(
    'Diagnostic-Code: smtp; 550 5.1.1 Address rejected',
    () => `Diagnostic-Code: smtp; 550 5.1.1 ${utf8}`,
  );
}

beforeAll(async () => {
  list = await listOn('running server', N, person);
  sink = await startSmtpSink({ keep: true });
  env = { ...ANNOUNCE_TEST_ENV, ...list.env, SMTP_URL: sink.url() };
  expect((await cli('cli/announce.ts', '--campaign', 'launch', '--yes')).code).toBe(0);
  folder = mkdtempSync(join(tmpdir(), 'tedx-hostile-'));
}, 2 * MINUTE);
afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  await sink?.close();
  await list?.dispose();
});

describe('bounces --file beside messages made to stop or slow it', () => {
  it(
    'acts on the real reports, counts the rest, and does the same twice',
    { timeout: 3 * MINUTE },
    async () => {
      const dir = join(folder, 'hostile');
      const write = (name: string, raw: string | Buffer) =>
        writeFileSync(join(dir, name), raw, typeof raw === 'string' ? 'latin1' : undefined);
      await import('node:fs').then((fs) => fs.mkdirSync(dir));
      // Each hostile message between two real reports: what was read before it is recorded.
      for (const [i, [name, make]] of Object.entries(HOSTILE_MAIL).entries()) {
        write(`${i}a.eml`, await hardBounce(i));
        write(`${i}b-${name.replace(/\W/g, '-')}.eml`, make());
      }
      write('5.eml', await hardBounce(5));
      // An mbox whose first message is 10 MB of blank lines, then a real report.
      write(
        '6.mbox',
        Buffer.concat([
          Buffer.from(
            `From someone@example.net Sat Nov 28 10:00:00 2026\nFrom: someone@example.net\nSubject: Undeliverable: blank\n\n`,
          ),
          Buffer.alloc(10 * 1024 * 1024, '\n'),
          Buffer.from(
            `From MAILER-DAEMON Sat Nov 28 10:00:00 2026\n${await hardBounce(6)}\n`,
            'latin1',
          ),
        ]),
      );

      for (const round of [1, 2]) {
        const started = performance.now();
        const run = await cli('cli/subscribers.ts', 'bounces', '--file', dir, '--verbose');
        const ms = performance.now() - started;
        console.log(`bounces beside hostile messages, run ${round}: ${(ms / 1000).toFixed(1)} s`);
        expect(run.code).toBe(0);
        expect(ms).toBeLessThan(MINUTE);
        expect(run.stderr).not.toContain('\u001b');
        const lines = run.stderr.trim().split('\n');
        const summary = lines.at(-1) ?? '';
        expect(summary).toMatch(/^Read 10 reports in .* \(13 messages\)/);
        expect(summary).toContain(
          round === 1 ? ': 7 hard bounces suppressed' : ': 0 hard bounces suppressed',
        );
        expect(summary).toContain(', 3 unmatched, 2 unreadable;');
        if (round === 2) expect(summary).toContain('7 already handled');
        for (const why of [
          // The escape its subject carries is gone.
          `Undeliverable: nested 40 deep ]0;owned: ${size('nested 40 deep')} bytes: Maximum MIME nesting depth`,
          `Undeliverable: a 400 KB header: ${size('a 400 KB header')} bytes: Maximum header size`,
        ])
          expect(run.stderr).toContain(
            `Unreadable (left alone): Mail Delivery System <MAILER-DAEMON@relay.example>: ${why}`,
          );
        expect(run.stderr).toMatch(
          /^Unmatched \(left alone\): .*a 1 MB recipient line: no returned message$/m,
        );
        expect(run.stderr).toMatch(
          /^Unmatched \(left alone\): .*500 KB of spaces: no returned message$/m,
        );
        // Its first 30,000 lines are read, and hold no report.
        expect(run.stderr).toMatch(
          /^Unmatched \(left alone\): .*30,000 parts: no returned message$/m,
        );
      }
      const rows = (await cli('cli/subscribers.ts', 'suppressed')).stdout.trim().split('\n');
      expect(
        rows
          .slice(1)
          .map((r) => r.split(',')[0])
          .sort(),
      ).toEqual([0, 1, 2, 3, 4, 5, 6].map(person));
    },
  );

  it(
    'acts on forty hard bounces whose diagnostics are long Russian and Japanese',
    { timeout: 2 * MINUTE },
    async () => {
      const dir = join(folder, 'languages');
      await import('node:fs').then((fs) => fs.mkdirSync(dir));
      const words = [
        'Почтовый ящик получателя не существует, проверьте адрес и повторите попытку. ',
        '宛先のメールボックスは存在しません。アドレスを確認してから再度お試しください。',
      ];
      for (let i = 8; i < 48; i++)
        writeFileSync(
          join(dir, `${i}.eml`),
          await hardBounce(i, words[i % 2].repeat(20)),
          'latin1',
        );
      const run = await cli('cli/subscribers.ts', 'bounces', '--file', dir);
      expect(run.code).toBe(0);
      expect(run.stderr.trim().split('\n').at(-1)).toMatch(
        /: 40 hard bounces suppressed, .* 0 unmatched;/,
      );
      expect(run.stderr).toContain(
        `Late bounce (suppressed from now on): ${person(9)}: 5.1.1 550 5.1.1 宛先のメールボックスは存在しません。`,
      );
    },
  );
});

describe('bounces over an IMAP server that sends 30 MB where 1 MB was asked', () => {
  it(
    'does not take it whole, counts it unreadable, and reads the next',
    { timeout: MINUTE },
    async () => {
      const imap = await fakeImap(await hardBounce(7));
      try {
        const run = await runCli(['cli/subscribers.ts', 'bounces', '--verbose'], {
          ...env,
          IMAP_URL: imap.url,
        });
        expect(run.code).toBe(0);
        expect(run.stderr).toMatch(
          /^Unreadable \(left alone\): MAILER-DAEMON@relay.example: Undeliverable: 1: 31,457,280 bytes: the server sent more than the 1048576 bytes asked for$/m,
        );
        expect(run.stderr.trim().split('\n').at(-1)).toMatch(
          /^Read 1 report in INBOX on 127\.0\.0\.1:\d+ \(2 messages\) .*: 1 hard bounce suppressed, .* 0 unmatched, 1 unreadable;/,
        );
        expect(imap.taken.connections).toBe(2);
        console.log(`fake IMAP: the client's connection took ${imap.taken.bytes} bytes of ${BIG}`);
        expect(imap.taken.bytes).toBeLessThan(BIG / 4);
      } finally {
        imap.close();
      }
    },
  );
});

describe.skipIf(!hasDovecot())(
  'bounces over a real IMAP server (Dovecot) beside the same messages',
  () => {
    it(
      'acts on the real reports, counts the rest, and does the same twice',
      { timeout: 2 * MINUTE },
      async () => {
        const dovecot = await startDovecot();
        try {
          dovecot.addUser('hostile');
          dovecot.deliver('hostile', await hardBounce(48));
          for (const make of Object.values(HOSTILE_MAIL)) dovecot.deliver('hostile', make());
          // A field the screen asks for, longer than what the command takes of a whole message.
          dovecot.deliver(
            'hostile',
            `From: MAILER-DAEMON@relay.example\nSubject: Undeliverable\nContent-Type: text/plain; x="${'a'.repeat(2 * 1024 * 1024)}"\n\nHello\n`,
          );
          dovecot.deliver('hostile', await hardBounce(49));
          for (const round of [1, 2]) {
            const run = await runCli(['cli/subscribers.ts', 'bounces', '--verbose'], {
              ...env,
              IMAP_URL: dovecot.url('hostile'),
            });
            expect(run.code).toBe(0);
            expect(run.stderr).toContain(
              'Unreadable (left alone): (no sender): message 7 of the mailbox: the server sent more than the 1048576 bytes asked for',
            );
            expect(run.stderr.trim().split('\n').at(-1)).toMatch(
              new RegExp(
                `^Read 5 reports in INBOX .* \\(8 messages\\) .*: ${round === 1 ? 2 : 0} hard bounces suppressed, .* 3 unmatched, 3 unreadable; 0 auto-replies ignored, ${round === 1 ? 0 : 2} already handled\\.$`,
              ),
            );
          }
        } finally {
          await dovecot.stop();
        }
      },
    );
  },
);
