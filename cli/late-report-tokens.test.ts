// Tokens that leak nowhere and expire, and a complaint that a sign-up does not lift (issue 45): a
// complaint forged from a dry run's output or a test message changes nothing; one about a message
// sent more than 60 days ago changes nothing; a person who complained and signs up again is
// listed by `suppressed` and `report`, and mailed again only after `unsuppress`.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANNOUNCE_TEST_ENV,
  listOn,
  OWN_CONNECTION,
  unsubscribeHeaderUrl,
  type ListBackend,
} from '../test-support/announce-lists.ts';
import { runCli } from '../test-support/server-process.ts';
import { startSmtpSink, type SinkMessage, type SmtpSink } from '../test-support/smtp-sink.ts';
import { readSample, wrapReport } from '../test-support/wrap-report.ts';

const SENDER = 'hello@tedx.test';
const person = (i: number) => `person${i}@example.org`;

describe('late reports: tokens and complaints', { timeout: 240_000 }, () => {
  let list: ListBackend;
  let sink: SmtpSink;
  let env: Record<string, string>;
  let dir: string;
  const cli = (...args: string[]) => runCli(args, env);
  const sentTo = (to: string, campaign: string) =>
    sink.messages.find(
      (m) => m.to === to && m.headers.get('x-campaign-token')?.startsWith(`${campaign}.`),
    ) as SinkMessage;
  /** `bounces --file` on an ARF complaint that returns `message`. */
  const complain = async (message: SinkMessage) => {
    const { raw, wrapped } = await wrapReport(readSample('arf-01.eml'), message, SENDER);
    expect(wrapped).toBe(true);
    const file = join(dir, `report-${Math.random()}.eml`);
    writeFileSync(file, raw);
    return cli('cli/subscribers.ts', 'bounces', '--file', file, '--verbose');
  };
  const suppressed = async () => (await cli('cli/subscribers.ts', 'suppressed')).stdout;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tedx-tokens-'));
    list = await listOn(OWN_CONNECTION, 3);
    sink = await startSmtpSink({ keep: true });
    env = { ...ANNOUNCE_TEST_ENV, ...list.env, SMTP_URL: sink.url() };
  });
  afterAll(async () => {
    await sink?.close();
    await list?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a complaint forged from a dry run or a test message changes nothing', async () => {
    const dry = await cli('cli/announce.ts', '--campaign', 'launch', '--dry-run');
    expect(dry.code).toBe(0);
    const field = (name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(dry.stdout)?.[1] ?? '';
    expect(field('To')).toBe(person(0));
    expect(field('X-Campaign-Token')).toMatch(/^launch\.[\w-]{22}\.[\w-]{22}$/);
    const test = await cli('cli/announce.ts', '--campaign', 'launch', '--test-to', SENDER);
    expect(test.code).toBe(0);
    expect(sink.messages[0].headers.has('x-campaign-token')).toBe(false);
    expect((await cli('cli/announce.ts', '--campaign', 'launch', '--yes')).code).toBe(0);
    const sent = sentTo(person(0), 'launch');
    expect(dry.stdout).not.toContain(sent.headers.get('x-campaign-token'));
    expect(dry.stdout).not.toContain(new URL(unsubscribeHeaderUrl(sent)).searchParams.get('token'));

    const headers = (token: string, id: string) =>
      new Map([
        ['message-id', id],
        ['x-campaign-token', token],
      ]);
    for (const forged of [
      { ...sent, headers: headers(field('X-Campaign-Token'), field('Message-ID')) },
      { ...sent, headers: sink.messages[0].headers },
    ]) {
      const run = await complain(forged);
      expect(run.code).toBe(0);
      expect(run.stderr).toContain(' 0 complaints unsubscribed and suppressed');
    }
    expect(await suppressed()).toBe('email,why,since,detail,signed_up_again\n');
    expect((await cli('cli/subscribers.ts', 'count')).stdout).toBe('3\n');
  });

  it('a report about a message sent more than 60 days ago changes nothing', async () => {
    await list.withDb?.((db) =>
      db.exec(
        `update public.tedxcommunity_deliveries set updated_at = now() - interval '61 days'
         where email_hash = public.tedxcommunity_email_hash('${person(2)}')`,
      ),
    );
    const run = await complain(sentTo(person(2), 'launch'));
    expect(run.stderr).toContain(`${person(2)}: not sent to them in the last 60 days`);
    expect(run.stderr).toContain(' 0 complaints unsubscribed and suppressed');
    expect(await suppressed()).not.toContain(person(2));
  });

  it('a complaint stays when its address signs up again, is listed, and lifts by unsuppress only', async () => {
    const run = await complain(sentTo(person(1), 'launch'));
    expect(run.stderr).toContain(`Complaint (unsubscribed and suppressed): ${person(1)}`);
    await list.signUp(person(1));
    const listed = await cli('cli/subscribers.ts', 'suppressed');
    expect(listed.stdout).toMatch(new RegExp(`^${person(1)},complaint,[^,]+,[^\\n]+,\\d{4}-`, 'm'));
    const line = new RegExp(
      `^${person(1)} signed up again on \\d{4}-\\S+ after a complaint on \\d{4}-\\S+: still suppressed; if you trust it, npm run subscribers -- unsuppress '${person(1)}'$`,
      'm',
    );
    expect(listed.stderr).toMatch(line);
    const report = await cli('cli/subscribers.ts', 'report', '--out', join(dir, 'report.html'));
    expect(report.stdout).toMatch(line);
    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    expect(html).toContain('1 signed up again after a complaint');
    expect(html).not.toContain(person(1));

    const mailed = async (campaign: string) => {
      expect((await cli('cli/announce.ts', '--campaign', campaign, '--yes')).code).toBe(0);
      return sink.messages
        .filter((m) => m.headers.get('x-campaign-token')?.startsWith(`${campaign}.`))
        .map((m) => m.to)
        .sort();
    };
    expect(await mailed('second')).toEqual([person(0), person(2)]);
    // The person part differs per campaign: two copies cannot be linked.
    const part = (campaign: string) =>
      sentTo(person(0), campaign).headers.get('x-campaign-token')?.split('.')[1];
    expect(part('second')).not.toBe(part('launch'));
    expect((await cli('cli/subscribers.ts', 'unsuppress', person(1))).code).toBe(0);
    expect(await mailed('third')).toEqual([person(0), person(1), person(2)]);
  });
});
