// npm run announce against a real SMTP server (smtp-server) through each door and on each engine
// (BACKENDS): each person gets one message, with the list headers; reruns continue; a SIGKILL
// mid-run loses nobody and doubles only messages in flight, with the same Message-ID.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli, runNode } from '../test-support/server-process.ts';
import { startSmtpSink, type SmtpSink } from '../test-support/smtp-sink.ts';
import {
  BACKENDS,
  decoded,
  listOn,
  messageIdsByAddress,
  unsubscribeHeaderUrl,
  type ListBackend,
} from '../test-support/announce-lists.ts';

const N = 30;
const MAIL = {
  MAIL_FROM: 'TEDxKampalaBS <hello@tedx.test>',
  SITE_URL: 'https://tedx.test',
  ANNOUNCE_RATE: '0',
};
const announce = (env: Record<string, string>, ...args: string[]) =>
  runCli(['cli/announce.ts', ...args], { ...MAIL, ...env });

for (const name of BACKENDS) {
  describe(`announce on ${name}`, () => {
    let list: ListBackend;
    let sink: SmtpSink;
    beforeAll(async () => {
      list = await listOn(name, N);
    }, 60_000);
    afterAll(() => list.dispose());
    afterEach(() => sink?.close());

    it('sends everyone one message with the list headers; a rerun sends nothing', async () => {
      sink = await startSmtpSink({ keep: true });
      const env = { ...list.env, SMTP_URL: sink.url() };
      const first = await announce(env, '--campaign', 'launch', '--yes');
      expect(first.stderr).toContain(
        `Campaign launch: ${N} sent, 0 already had it, 0 failed, 0 unsubscribed`,
      );
      expect(first.code).toBe(0);
      const recipients = sink.messages.map((m) => m.to).sort();
      expect(new Set(recipients).size).toBe(N);
      expect(recipients).toHaveLength(N);

      const m = sink.messages.find((x) => x.to === 'person1@example.org');
      if (!m) throw new Error('person1 got nothing');
      const url = unsubscribeHeaderUrl(m);
      expect(url).toMatch(/^https:\/\/tedx\.test\/unsubscribe\?token=[0-9a-f-]{36}$/);
      expect(m.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(m.headers.get('list-id')).toBe('TEDxKampalaBS launch news <launch.tedx.test>');
      const token = m.headers.get('x-campaign-token') ?? '';
      expect(token).toMatch(/^launch\.[\w-]{22}\.[\w-]{22}$/);
      expect(m.headers.get('message-id')).toBe(`<${token}@tedx.test>`);
      expect(m.headers.get('from')).toBe('TEDxKampalaBS <hello@tedx.test>');
      const body = decoded(m);
      expect(body).toContain('Hi Pb,');
      expect(body).toContain(`Unsubscribe (one click): ${url}`); // text part
      expect(body).toContain(`href="${url}"`); // HTML part
      const noName = sink.messages.find((x) => x.to === 'person0@example.org');
      expect(noName && decoded(noName)).toContain('Hi there,');

      const again = await announce(env, '--campaign', 'launch', '--yes');
      expect(again.code).toBe(0);
      expect(again.stderr).toContain(`0 sent, ${N} already had it`);
      expect(sink.count()).toBe(N);
    });

    it('after a SIGKILL mid-run, a rerun reaches everyone; only in-flight ones twice, same Message-ID', async () => {
      sink = await startSmtpSink({ keep: true });
      const env = { ...MAIL, ...list.env, SMTP_URL: sink.url(), ANNOUNCE_RATE: '20' };
      const child = runNode(['cli/announce.ts', '--campaign', 'crash', '--yes'], env);
      const exited = new Promise((resolve) => child.once('exit', resolve));
      while (sink.count() < 10 && child.exitCode === null)
        await new Promise((r) => setTimeout(r, 10));
      child.kill('SIGKILL');
      await exited;
      const before = sink.count();
      expect(before).toBeGreaterThanOrEqual(10);
      expect(before).toBeLessThan(N);

      const rerun = await announce(
        { ...list.env, SMTP_URL: sink.url() },
        '--campaign',
        'crash',
        '--yes',
      );
      expect(rerun.code).toBe(0);
      const byPerson = messageIdsByAddress(sink.messages);
      expect(byPerson.size).toBe(N);
      const twice = [...byPerson.values()].filter((ids) => ids.length > 1);
      for (const ids of twice) expect(new Set(ids).size).toBe(1);
      expect([...byPerson.values()].every((ids) => ids.length <= 2)).toBe(true);
      // At most the messages in flight: ten on the wire, and those answered in the last
      // 0.2 s (FLUSH_MS) and not yet recorded, four at 20/s.
      expect(twice.length).toBeLessThanOrEqual(10 + 4);
      expect(sink.count()).toBe(N + twice.length);
    });
  });
}
