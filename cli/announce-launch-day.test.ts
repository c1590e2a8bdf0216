// Launch day against what real providers answer: two runs started together on every backend
// (PGlite with the server stopped and running, PostgreSQL), where each answers in its own way; a
// daily limit hit mid-list, hard bounces kept off every later campaign and a daily cap through
// each door and on each engine (BACKENDS).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli, runNode } from '../test-support/server-process.ts';
import { startSmtpSink, type SmtpSink } from '../test-support/smtp-sink.ts';
import {
  ANNOUNCE_TEST_ENV as MAIL,
  BACKENDS,
  EVERY_BACKEND,
  listOn,
  type ListBackend,
} from '../test-support/announce-lists.ts';

const N = 12;

/** How many messages each address received. */
const perAddress = (sink: SmtpSink) => {
  const counts = new Map<string, number>();
  for (const m of sink.messages) counts.set(m.to, (counts.get(m.to) ?? 0) + 1);
  return counts;
};

for (const name of EVERY_BACKEND) {
  // Each test runs the CLI a few times: minutes on a loaded 2-core machine.
  describe(`launch day on ${name}`, { timeout: 240_000 }, () => {
    let list: ListBackend;
    let sink: SmtpSink;
    const env = (extra: Record<string, string> = {}) => ({
      ...MAIL,
      ...list.env,
      SMTP_URL: sink.url(),
      ...extra,
    });
    const announce = (...args: string[]) => runCli(['cli/announce.ts', ...args], env());
    const subscribers = (...args: string[]) => runCli(['cli/subscribers.ts', ...args], env());
    beforeAll(async () => {
      list = await listOn(name, N);
    }, 60_000);
    afterAll(() => list.dispose());
    afterEach(() => sink?.close());
    /** A scenario whose outcome no backend changes: through each door and on each engine once
     * (elsewhere not defined at all). */
    const onBackends = (title: string, test: () => Promise<void>) =>
      BACKENDS.includes(name) && it(title, test);

    onBackends(
      'a daily limit stops the run at once in one line; the rerun finishes, nobody twice',
      async () => {
        let limited = true;
        // At DATA, where Gmail says it ("Data command failed"): about the sender by its phase and
        // code. The same at RCPT TO counts toward a stop instead (cli/announce-stop-rules.test.ts).
        sink = await startSmtpSink({
          keep: true,
          rejectData: () =>
            limited && sink.count() >= 5
              ? { code: 550, message: '5.4.5 Daily user sending quota exceeded.' }
              : null,
        });
        const run = await announce('--campaign', 'quota', '--yes');
        expect(run.code).toBe(1);
        const sent = sink.count();
        expect(sent).toBeGreaterThanOrEqual(5);
        expect(run.stderr.trim().split('\n')).toEqual([
          `The SMTP server 127.0.0.1:${sink.port} reached a sending limit (550 5.4.5 Daily user sending quota exceeded.): campaign quota: ${sent} sent, ${N - sent} left, nobody marked failed; run the same command again later (tomorrow for a daily limit)`,
        ]);
        limited = false;
        const rerun = await announce('--campaign', 'quota', '--yes');
        expect(rerun.code).toBe(0);
        expect(rerun.stderr).toContain(`${N - sent} sent, ${sent} already had it, 0 failed`);
        expect([...perAddress(sink).values()]).toEqual(Array(N).fill(1));
      },
    );

    onBackends(
      'a hard bounce is never mailed again: not on a rerun, another campaign, or a new sign-up',
      async () => {
        // The last on the list, so the new sign-up below keeps the order of the others.
        const dead = `person${N - 1}@example.org`;
        sink = await startSmtpSink({
          keep: true,
          reject: (to) =>
            to === dead
              ? {
                  code: 550,
                  message: '5.1.1 The email account that you tried to reach does not exist.',
                }
              : null,
        });
        const run = await announce('--campaign', 'bounce', '--yes');
        expect(run.code).toBe(0);
        expect(run.stderr).toContain(`Bounced (suppressed from now on): ${dead}: 550 5.1.1`);
        expect(run.stderr).toContain(
          `${N - 1} sent, 0 already had it, 0 failed, 0 unsubscribed, 1 bounced`,
        );
        const listed = await subscribers('suppressed');
        expect(listed.stdout).toMatch(
          new RegExp(
            `^email,why,since,detail,signed_up_again\\n${dead},hard bounce at send,[^,]+,550 5\\.1\\.1 `,
          ),
        );

        // Not mailed in another campaign (a rerun of this one is the same query).
        expect((await announce('--campaign', 'second', '--yes')).stderr).toContain('1 suppressed');
        // Leaves (removed) and signs up again: still suppressed.
        expect((await subscribers('remove', dead)).code).toBe(0);
        await list.signUp(dead);
        const third = await announce('--campaign', 'third', '--yes');
        expect(third.stderr).toContain('1 suppressed');
        expect(sink.attempts(dead)).toBe(1);

        expect((await subscribers('unsuppress', dead.toUpperCase())).stdout).toMatch(
          new RegExp(`^Took ${dead} off the suppression list`),
        );
        expect((await subscribers('unsuppress', dead)).stdout).toMatch(
          new RegExp(`^${dead} was not on the suppression list`),
        );
      },
    );

    it('two runs started together on one campaign: everyone exactly once, the other run says who has it', async () => {
      sink = await startSmtpSink({ keep: true });
      const start = () => {
        const child = runNode(['cli/announce.ts', '--campaign', 'twice', '--yes'], {
          ...env(),
          ANNOUNCE_RATE: '40',
        });
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        return new Promise<{ code: number | null; stderr: string }>((resolve) =>
          child.once('exit', (code) => resolve({ code, stderr })),
        );
      };
      const [a, b] = await Promise.all([start(), start()]);
      expect([...perAddress(sink).values()]).toEqual(Array(N).fill(1));
      expect(perAddress(sink).size).toBe(N);
      const refused = [a, b].filter((r) => r.code !== 0);
      // Both may succeed only if one started after the other had finished.
      for (const r of refused)
        expect(r.stderr).toMatch(
          // With the server stopped, the embedded database's own lock comes first.
          /^(Campaign twice is being sent by .+@.+ pid \d+ since \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ: wait for that run to end|.+ is held by process \d+ \(another organiser command)/,
        );
    });

    onBackends(
      '--max stops cleanly after N, earliest sign-ups first; the dry run says how many days',
      async () => {
        sink = await startSmtpSink({ keep: true });
        const dry = await runCli(['cli/announce.ts', '--campaign', 'capped', '--dry-run'], {
          ...env(),
          ANNOUNCE_MAX_PER_RUN: '5',
        });
        expect(dry.stderr).toContain(
          `At 5 messages a run (--max / ANNOUNCE_MAX_PER_RUN), the list needs ${Math.ceil(N / 5)} day(s)`,
        );
        const run = await announce('--campaign', 'capped', '--yes', '--max', '5');
        expect(run.code).toBe(0);
        expect(run.stderr).toContain(
          `Campaign capped: stopped at the cap of 5 messages: 5 sent, ${N - 5} left; run the same command again tomorrow`,
        );
        expect(sink.messages.map((m) => m.to).sort()).toEqual(
          Array.from({ length: 5 }, (_, i) => `person${i}@example.org`),
        );
        const rest = await announce('--campaign', 'capped', '--yes');
        expect(rest.stderr).toContain(`${N - 5} sent, 5 already had it`);
        expect(perAddress(sink).size).toBe(N);
        expect(sink.count()).toBe(N);
      },
    );
  });
}
