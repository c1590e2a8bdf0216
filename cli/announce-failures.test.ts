// npm run announce when things go wrong, and its two safe modes: a temporary refusal retried
// later in the run without holding up the others, a dropped connection reopened, a refused
// message recorded, a refused login or an absent server one line with nothing recorded, and
// never a password in the output, nor on the wire without TLS to another machine.
import { createServer } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_DATE_LONG } from '../content/event.ts';
import { runCli } from '../test-support/server-process.ts';
import { startSmtpSink, type SmtpSink } from '../test-support/smtp-sink.ts';
import {
  ANNOUNCE_TEST_ENV as MAIL,
  decoded,
  listOn,
  type ListBackend,
} from '../test-support/announce-lists.ts';

const N = 12;
/** This machine's address on its network (not loopback): a server there counts as remote. */
const LAN = Object.values(networkInterfaces())
  .flat()
  .find((a) => a?.family === 'IPv4' && !a.internal)?.address;

// Several CLI runs per test: well over 30 s on a loaded 2-core machine.
describe('announce: dry run, test message, failures', { timeout: 240_000 }, () => {
  let list: ListBackend;
  let sink: SmtpSink;
  const announce = (smtpUrl: string, ...args: string[]) =>
    runCli(['cli/announce.ts', ...args], { ...MAIL, ...list.env, SMTP_URL: smtpUrl });
  const pending = async (campaign: string) => {
    const dry = await announce('smtp://127.0.0.1:1', '--campaign', campaign, '--dry-run');
    return Number(/: (\d+) would get it/.exec(dry.stderr)?.[1]);
  };
  beforeAll(async () => {
    // The running server's socket: a command through it costs less CPU than opening PGlite.
    list = await listOn('running server', N);
  });
  afterAll(() => list.dispose());
  afterEach(() => sink?.close());

  it('--dry-run counts and shows the first message in full, sending nothing', async () => {
    sink = await startSmtpSink();
    const dry = await announce(sink.url(), '--campaign', 'dry', '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.stderr).toContain(
      `${N} would get it, 0 already had it, 0 unsubscribed, 0 suppressed (bounced before). Nothing sent.`,
    );
    expect(dry.stdout).toContain('To: person0@example.org');
    expect(dry.stdout).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(dry.stdout).toContain('----- text part -----\nHi there,');
    expect(dry.stdout).toContain(EVENT_DATE_LONG); // from content/event.ts
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

  it('--test-to an address the server refuses says so, not that the server is unreachable', async () => {
    sink = await startSmtpSink({ reject: () => ({ code: 550, message: '5.1.1 User unknown' }) });
    const test = await announce(sink.url(), '--campaign', 'preview', '--test-to', 'no@tedx.test');
    expect(test.code).toBe(1);
    expect(test.stderr).toMatch(
      /^The test message to no@tedx\.test was refused: The SMTP server \S+ refused the address \(550 5\.1\.1 User unknown\): check it, or use another\n$/,
    );
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

  it('defers a temporary refusal without blocking the others, reconnects a dropped connection, records a refused message', async () => {
    sink = await startSmtpSink({
      keep: true,
      reject(to, attempt) {
        if (to === 'person2@example.org' && attempt === 1)
          return { code: 451, message: '4.3.0 Local error, try again' };
        if (to === 'person5@example.org') return { code: 452, message: '4.2.2 Mailbox full' };
        if (to === 'person7@example.org')
          return { code: 554, message: '5.6.0 Message content rejected' };
        return null;
      },
      drop: (to, attempt) => to === 'person9@example.org' && attempt === 1,
    });
    const run = await announce(sink.url(), '--campaign', 'flaky', '--yes');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Failed: person7@example.org: 554 5.6.0 Message content rejected');
    expect(run.stderr).toContain(
      'Deferred to the next run: person5@example.org: 452 4.2.2 Mailbox full',
    );
    expect(run.stderr).toContain(
      `Campaign flaky: ${N - 2} sent, 0 already had it, 1 failed, 0 unsubscribed, 0 bounced, 1 deferred`,
    );
    expect(sink.attempts('person2@example.org')).toBe(2); // refused, then accepted later
    expect(sink.attempts('person9@example.org')).toBe(2); // dropped, then accepted
    expect(sink.attempts('person5@example.org')).toBe(3); // three tries in the run, then left
    // The rerun tries only the deferred and the failed.
    const rerun = await announce(sink.url(), '--campaign', 'flaky', '--yes');
    expect(rerun.stderr).toContain(`Campaign flaky: 0 sent, ${N - 2} already had it, 1 failed`);
    expect(sink.attempts('person5@example.org')).toBe(6);
    expect(sink.attempts('person7@example.org')).toBe(2);
    expect(sink.attempts('person2@example.org')).toBe(2);
  });

  it('an SMTP server closing on us (421) stops at once with one line; the rerun continues, nobody twice', async () => {
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
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringContaining(
        `(421 4.3.2 Service not available): campaign outage: ${sent} sent, ${N - sent} left, nobody marked failed; run the same command again later`,
      ),
    ]);
    outage = false;
    const rerun = await announce(sink.url(), '--campaign', 'outage', '--yes');
    expect(rerun.code).toBe(0);
    expect(rerun.stderr).toContain(`Campaign outage: ${N - sent} sent, ${sent} already had it`);
    expect(new Set(sink.messages.map((m) => m.to)).size).toBe(N);
    expect(sink.count()).toBe(N);
  });

  it('never prints any part of a password with / and @ in it', async () => {
    sink = await startSmtpSink({ auth: { user: 'organiser', pass: 'p/ss@w0rd' } });
    // Unencoded: a settings error that shows nothing of the URL.
    const raw = await announce(
      `smtp://organiser:p/ss@w0rd@127.0.0.1:${sink.port}`,
      '--campaign',
      'pw',
      '--yes',
    );
    expect(raw.code).toBe(1);
    expect(raw.stderr).toBe(
      'Invalid setting SMTP_URL: expected a URL starting smtp:// or smtps://, with / @ : in the user or password percent-encoded (%2F %40 %3A), got (value hidden)\n',
    );
    // Encoded but wrong, then right: the refusal names the server only.
    const wrong = await announce(sink.url('organiser', 'p/ss@w0rdX'), '--campaign', 'pw', '--yes');
    expect(wrong.code).toBe(1);
    const right = await announce(sink.url('organiser', 'p/ss@w0rd'), '--campaign', 'pw', '--yes');
    expect(right.code).toBe(0);
    for (const out of [raw, wrong, right].flatMap((r) => [r.stdout, r.stderr]))
      for (const part of ['p/ss', 'ss@w0rd', 'w0rd', 'p%2Fss', 'organiser:'])
        expect(out).not.toContain(part);
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

  // Without a network interface there is no address but loopback to try it on.
  describe.skipIf(!LAN)('smtp:// to another machine: the password only ever goes over TLS', () => {
    const login = { user: 'organiser', pass: 'in-clear' };
    const refused = async (campaign: string) => {
      const run = await announce(sink.url(login.user, login.pass), '--campaign', campaign, '--yes');
      expect(run.code).toBe(1);
      expect(run.stdout + run.stderr).not.toContain(login.pass);
      expect(sink.logins()).toBe(0);
      expect(sink.count()).toBe(0);
      expect(await pending(campaign)).toBe(N);
      return run.stderr.trim().split('\n');
    };

    it('a server with no STARTTLS: one line, and no login is sent at all', async () => {
      sink = await startSmtpSink({ auth: login, host: LAN, noStartTls: true });
      expect(await refused('no-tls')).toEqual([
        `The SMTP server ${LAN}:${sink.port} offers no TLS, and the password is never sent in clear: use smtps://…:465 or a server with STARTTLS`,
      ]);
      // The same server on this machine (loopback) takes the login without TLS.
      await sink.close();
      sink = await startSmtpSink({ auth: login, noStartTls: true });
      const local = await announce(
        sink.url(login.user, login.pass),
        '--campaign',
        'no-tls',
        '--yes',
      );
      expect(local.code).toBe(0);
      expect(sink.logins()).toBeGreaterThan(0); // one per pooled connection
      expect(sink.count()).toBe(N);
    });

    it('a server whose certificate has expired: one line, and no login is sent', async () => {
      sink = await startSmtpSink({ auth: login, host: LAN });
      expect(await refused('bad-cert')).toEqual([
        `The SMTP server ${LAN}:${sink.port} has a TLS certificate that cannot be trusted (certificate has expired), so the password was not sent: check the host name in SMTP_URL (your provider's own, e.g. smtp.gmail.com)`,
      ]);
    });
  });

  it('an unreachable database is one line too', async () => {
    const run = await runCli(['cli/announce.ts', '--campaign', 'db', '--dry-run'], {
      ...MAIL,
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'Could not open PostgreSQL (DATABASE_URL): connect ECONNREFUSED 127.0.0.1:1. Check DATABASE_URL, and that the database server is running\n',
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
