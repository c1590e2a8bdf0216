// The whole loop on the real server process: the one-click URL from a received List-Unsubscribe
// header, the confirm page, what leaving changes, signing up again, and `subscribers remove`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY, SIGNUP_TABLE } from '../common/signup-contract.ts';
import { runCli } from '../test-support/server-process.ts';
import { startSmtpSink, type SmtpSink } from '../test-support/smtp-sink.ts';
import { listOn, unsubscribeHeaderUrl, type ListBackend } from '../test-support/announce-lists.ts';
import { ONE_CLICK } from '../test-support/unsubscribe.ts';

describe('unsubscribing from a received announcement (running server)', () => {
  let list: ListBackend;
  let sink: SmtpSink;
  let origin: string;
  const cli = (...args: string[]) =>
    runCli(args, {
      ...list.env,
      MAIL_FROM: 'TEDxKampalaBS <hello@tedx.test>',
      SITE_URL: origin,
      ANNOUNCE_RATE: '0',
      SMTP_URL: sink.url(),
    });
  const count = async () => Number((await cli('cli/subscribers.ts', 'count')).stdout);

  beforeAll(async () => {
    list = await listOn('running server', 3);
    origin = list.server?.origin ?? '';
    sink = await startSmtpSink({ keep: true });
  });
  afterAll(() => list.dispose());
  afterAll(() => sink.close());

  it('one click through the exact header URL takes the person off the list, until they sign up again', async () => {
    expect((await cli('cli/announce.ts', '--campaign', 'first', '--yes')).code).toBe(0);
    const mail = sink.messages.find((m) => m.to === 'person1@example.org');
    const url = mail ? unsubscribeHeaderUrl(mail) : '';
    expect(url.startsWith(`${origin}/unsubscribe?token=`)).toBe(true);

    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<button type="submit">Unsubscribe</button>');
    expect(await count()).toBe(3);

    for (let i = 0; i < 2; i++) {
      const res = await fetch(url, ONE_CLICK);
      expect(res.status).toBe(200);
    }
    expect(await count()).toBe(2);
    expect((await cli('cli/subscribers.ts', 'export')).stdout).not.toContain('person1@');
    const token = new URL(url).searchParams.get('token') ?? '';
    expect(list.server?.output()).toContain('POST /unsubscribe 200');
    expect(list.server?.output()).not.toContain(token);

    const second = await cli('cli/announce.ts', '--campaign', 'second', '--yes');
    expect(second.stderr).toContain(
      'Campaign second: 2 sent, 0 already had it, 0 failed, 1 unsubscribed',
    );
    expect(sink.messages.filter((m) => m.to === 'person1@example.org')).toHaveLength(1);

    const again = await fetch(`${origin}/rest/v1/${SIGNUP_TABLE}`, {
      method: 'POST',
      headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'person1@example.org', first_name: 'P1' }),
    });
    expect(again.status).toBe(201);
    expect(await count()).toBe(3);
    // Back on the list, but never sent the same campaign twice.
    const rerun = await cli('cli/announce.ts', '--campaign', 'first', '--yes');
    expect(rerun.stderr).toContain('nobody left to send to');
    expect(sink.messages.filter((m) => m.to === 'person1@example.org')).toHaveLength(1);
  });

  it('subscribers remove deletes a person in any case and says whether they were there', async () => {
    const removed = await cli('cli/subscribers.ts', 'remove', 'Person2@Example.ORG');
    expect(removed).toMatchObject({ code: 0 });
    expect(removed.stdout).toMatch(/^Removed person2@example\.org from the running server/);
    expect(await count()).toBe(2);
    const absent = await cli('cli/subscribers.ts', 'remove', 'person2@example.org');
    expect(absent.stdout).toMatch(/^person2@example\.org was not on the list/);
  });
});
