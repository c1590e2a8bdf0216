// npm run announce when things go wrong, and its two safe modes: 4xx retried, 5xx recorded and
// reported, a refused login or an absent server stops with one line and records nothing.
import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_DATE_LONG } from '../src/content/event.ts';
import { runCli } from '../test-support/server-process.ts';
import { startSmtpSink, type SmtpSink } from '../test-support/smtp-sink.ts';
import { decoded, listOn, type ListBackend } from '../test-support/announce-lists.ts';

const N = 12;
const MAIL = {
  MAIL_FROM: 'TEDxKampalaBS <hello@tedx.test>',
  SITE_URL: 'https://tedx.test',
  ANNOUNCE_RATE: '0',
};

describe('announce: dry run, test message, failures', () => {
  let list: ListBackend;
  let sink: SmtpSink;
  const announce = (smtpUrl: string, ...args: string[]) =>
    runCli(['cli/announce.ts', ...args], { ...MAIL, ...list.env, SMTP_URL: smtpUrl });
  const pending = async (campaign: string) => {
    const dry = await announce('smtp://127.0.0.1:1', '--campaign', campaign, '--dry-run');
    return Number(/: (\d+) would get it/.exec(dry.stderr)?.[1]);
  };
  beforeAll(async () => {
    list = await listOn('PGlite', N);
  });
  afterAll(() => list.dispose());
  afterEach(() => sink?.close());

  it('--dry-run counts and shows the first message in full, sending nothing', async () => {
    sink = await startSmtpSink();
    const dry = await announce(sink.url(), '--campaign', 'dry', '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.stderr).toContain(
      `${N} would get it, 0 already had it, 0 unsubscribed. Nothing sent.`,
    );
    expect(dry.stdout).toContain('To: person0@example.org');
    expect(dry.stdout).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(dry.stdout).toContain('----- text part -----\nHi there,');
    expect(dry.stdout).toContain(EVENT_DATE_LONG); // from src/content/event.ts
    expect(dry.stdout).toContain('<!doctype html>');
    expect(sink.count()).toBe(0);
  });

  it('--test-to sends one preview and records nothing', async () => {
    sink = await startSmtpSink({ keep: true });
    const test = await announce(sink.url(), '--campaign', 'preview', '--test-to', 'me@tedx.test');
    expect(test.code).toBe(0);
    expect(sink.messages.map((m) => m.to)).toEqual(['me@tedx.test']);
    expect(decoded(sink.messages[0])).toContain('Hi there,');
    expect(await pending('preview')).toBe(N);
  });

  it('refuses to send without --yes when stdin is not a terminal', async () => {
    sink = await startSmtpSink();
    const run = await announce(sink.url(), '--campaign', 'ask');
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'Not sending: add --yes to send without a question (stdin is not a terminal)\n',
    );
    expect(sink.count()).toBe(0);
  });

  it('retries 4xx with backoff, records 5xx without retrying, reports and exits 1', async () => {
    sink = await startSmtpSink({
      reject(to, attempt) {
        if (to === 'person2@example.org' && attempt === 1)
          return { code: 451, message: '4.7.1 Try again later' };
        if (to === 'person5@example.org') return { code: 550, message: '5.1.1 No such user' };
        return null;
      },
    });
    const run = await announce(sink.url(), '--campaign', 'flaky', '--yes');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Failed: person5@example.org: 550 5.1.1 No such user');
    expect(run.stderr).toContain(
      `Campaign flaky: ${N - 1} sent, 0 already had it, 1 failed, 0 unsubscribed`,
    );
    expect(sink.count()).toBe(N - 1);
    expect(sink.attempts('person2@example.org')).toBe(2); // 451, then accepted
    expect(sink.attempts('person5@example.org')).toBe(1); // 550: not retried
    // The rerun tries only the one that failed (perhaps the address was fixed since).
    const rerun = await announce(sink.url(), '--campaign', 'flaky', '--yes');
    expect(rerun.stderr).toContain(`Campaign flaky: 0 sent, ${N - 1} already had it, 1 failed`);
    expect(sink.attempts('person5@example.org')).toBe(2);
    expect(sink.attempts('person2@example.org')).toBe(2);
  });

  it('an SMTP outage mid-run stops with one line; the rerun continues, nobody twice', async () => {
    let outage = true;
    sink = await startSmtpSink({
      keep: true,
      reject: () =>
        outage && sink.count() >= 4 ? { code: 421, message: '4.3.2 Service not available' } : null,
    });
    const run = await announce(sink.url(), '--campaign', 'outage', '--yes');
    expect(run.code).toBe(1);
    const sent = sink.count();
    expect(sent).toBeGreaterThanOrEqual(4);
    expect(sent).toBeLessThan(N);
    expect(run.stderr).toContain('keeps answering "try later" (421 4.3.2 Service not available)');
    expect(run.stderr).toContain(`Campaign outage: ${sent} sent, 0 already had it, 0 failed`);
    outage = false;
    const rerun = await announce(sink.url(), '--campaign', 'outage', '--yes');
    expect(rerun.code).toBe(0);
    expect(rerun.stderr).toContain(`Campaign outage: ${N - sent} sent, ${sent} already had it`);
    expect(new Set(sink.messages.map((m) => m.to)).size).toBe(N);
    expect(sink.count()).toBe(N);
  });

  it('a refused login stops at once with one line and records nothing', async () => {
    sink = await startSmtpSink({ auth: { user: 'organiser', pass: 'right' } });
    const run = await announce(sink.url('organiser', 'wrong'), '--campaign', 'auth', '--yes');
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^The SMTP server 127\.0\.0\.1:\d+ refused the login \(.*\): check the user and password in SMTP_URL/,
      ),
    ]);
    expect(run.stderr).not.toContain('wrong');
    expect(sink.count()).toBe(0);
    expect(await pending('auth')).toBe(N);
    const ok = await announce(sink.url('organiser', 'right'), '--campaign', 'auth', '--yes');
    expect(ok.code).toBe(0);
    expect(sink.count()).toBe(N);
  });

  it('an unreachable database is one line too', async () => {
    const run = await runCli(['cli/announce.ts', '--campaign', 'db', '--dry-run'], {
      ...MAIL,
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'Database error (ECONNREFUSED): connect ECONNREFUSED 127.0.0.1:1. Sent messages are recorded: fix it and run the same command again\n',
    );
  });

  it('an unreachable server stops at once with one line and records nothing', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    const run = await announce(`smtp://127.0.0.1:${port}`, '--campaign', 'down', '--yes');
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^Could not reach the SMTP server 127\.0\.0\.1:\d+ \(.*ECONNREFUSED.*\): check SMTP_URL/,
      ),
    ]);
    expect(await pending('down')).toBe(N);
  });
});
