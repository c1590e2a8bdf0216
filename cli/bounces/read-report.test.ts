// A report is a stranger's text: read within limits, whatever its size, and nothing of it reaches
// a terminal or the suppression list with a control character in it.
import { describe, expect, it } from 'vitest';
import { mailKeys, mailToken } from '../mail-token.ts';
import { verdict } from './policy.ts';
import { HOSTILE_MAIL } from '../../test-support/hostile-mail.ts';
import { readReport, REPORT_BYTES } from './read-report.ts';

const token = mailToken(mailKeys('k'.repeat(64)), 'launch', 42);
const ORIGINAL = `Message-ID: <${token}@tedx.test>\nX-Campaign-Token: ${token}\nFrom: hello@tedx.test\nTo: someone@example.org\nSubject: Tickets\n\nHello\n`;

function dsn(recipients: string, original = ORIGINAL, tail = '') {
  return Buffer.from(
    'From: Mail Delivery System <MAILER-DAEMON@mx.example.org>\nTo: hello@tedx.test\n' +
      'Subject: Undelivered Mail Returned to Sender\nMessage-ID: <r1@mx.example.org>\nMIME-Version: 1.0\n' +
      'Content-Type: multipart/report; report-type=delivery-status; boundary="b"\n\n' +
      '--b\nContent-Type: text/plain\n\nI could not deliver it.\n\n' +
      `--b\nContent-Type: message/delivery-status\n\nReporting-MTA: dns; mx.example.org\n\n${recipients}\n` +
      `--b\nContent-Type: message/rfc822\n\n${original}${tail}\n--b--\n`,
  );
}

const block = (
  address: string,
  status = '5.1.1',
  diagnostic = `smtp; 550 5.1.1 <${address}>: User unknown`,
) =>
  `Final-Recipient: rfc822; ${address}\nAction: failed\nStatus: ${status}\nDiagnostic-Code: ${diagnostic}\n`;

describe('reading a report within limits', () => {
  it('reads the returned headers of a report whose original carries a 20 MB attachment', async () => {
    const attachment = `Content-Type: application/pdf\n\n${'A'.repeat(20 * 1024 * 1024)}\n`;
    const started = performance.now();
    const report = await readReport(dsn(block('someone@example.org'), ORIGINAL, attachment));
    expect(performance.now() - started).toBeLessThan(5000);
    expect(REPORT_BYTES).toBeLessThanOrEqual(1024 * 1024);
    expect(report.form).toBe('dsn');
    expect(report.tokens).toEqual([token, token]);
    expect(verdict(report, 'someone@example.org').kind).toBe('hard');
  });

  it('finds the person among 5,000 recipients, and acts on nobody else', async () => {
    const many = Array.from({ length: 5000 }, (_, i) =>
      block(
        `r${i}@example.org`,
        i === 3999 ? '4.2.2' : '5.1.1',
        i === 3999 ? 'smtp; 452 4.2.2 full' : undefined,
      ),
    ).join('\n');
    const report = await readReport(dsn(many));
    expect(report.recipients).toHaveLength(5000);
    expect(verdict(report, 'r3999@example.org').kind).toBe('soft');
    expect(verdict(report, 'someone-else@example.org').kind).toBe('address differs');
  });

  it('keeps no control character and at most 300 characters of a 10,000-character diagnostic', async () => {
    const evil = `smtp; 550 5.1.1 \u001b]52;c;ZWNobyBoaQ==\u0007\u202e${'x'.repeat(10_000)}\r\n`;
    const report = await readReport(dsn(block('someone@example.org', '5.1.1', evil)));
    const { kind, detail } = verdict(report, 'someone@example.org');
    expect(kind).toBe('hard');
    expect(detail.length).toBeLessThanOrEqual(300);
    // eslint-disable-next-line no-control-regex -- looking for control characters is the point
    expect(detail).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028-\u202e\u2066-\u2069]/);
  });

  it('reads an auto-reply as one, and a report without an original as having none', async () => {
    const vacation = Buffer.from(
      'From: someone@example.org\nTo: hello@tedx.test\nSubject: Out of office\nAuto-Submitted: auto-replied\n' +
        `In-Reply-To: <${token}@tedx.test>\n\nI am away.\n`,
    );
    expect((await readReport(vacation)).form).toBe('auto-reply');
    const bare = Buffer.from(
      'From: MAILER-DAEMON@mx.example.org\nTo: hello@tedx.test\nSubject: failure notice\n\n' +
        `<someone@example.org>: 550 5.1.1 no such user (message ${token})\n`,
    );
    const report = await readReport(bare);
    expect(report.form).toBe('inline');
    expect(report.hasOriginal).toBe(false);
    expect(report.tokens).toEqual([]);
  });
});

describe('reading what a stranger made to stop or slow the scan', () => {
  // Before issue 45: a 1 MB Final-Recipient took over 300 s, 500 KB of spaces 257 s.
  it.each(Object.entries(HOSTILE_MAIL))(
    '%s: read or refused within two seconds',
    async (name, make) => {
      const started = performance.now();
      const read = await readReport(Buffer.from(make())).then(
        (report) => report.form,
        (error: unknown) => `refused: ${String(error)}`,
      );
      expect(performance.now() - started).toBeLessThan(2000);
      expect(read).toMatch(
        /nested|400 KB/.test(name) ? /^refused: Error: Maximum/ : /^(dsn|inline)$/,
      );
    },
  );
});
