// UNSUBSCRIBE_URL: the mail's links point at the Supabase Edge Function instead of
// SITE_URL/unsubscribe. The function's handler runs here under Node, asking the running server's
// /rest/v1/rpc over HTTP with the anon key, as it asks hosted Supabase.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY } from '../common/signup-contract.ts';
import { edgeFunction } from '../supabase/functions/_shared/edge.ts';
import { createUnsubscribeHandler } from '../common/unsubscribe-handler.ts';
import {
  decoded,
  listOn,
  unsubscribeHeaderUrl,
  type ListBackend,
} from '../test-support/announce-lists.ts';
import { listen, type Listening } from '../test-support/listen.ts';
import { runCli } from '../test-support/server-process.ts';
import { startSmtpSink, type SmtpSink } from '../test-support/smtp-sink.ts';
import { ONE_CLICK } from '../test-support/unsubscribe.ts';

describe('announcing with UNSUBSCRIBE_URL (static host + Edge Function)', () => {
  let list: ListBackend;
  let sink: SmtpSink;
  let edge: Listening;
  let endpoint: string;
  const cli = (...args: string[]) =>
    runCli(args, {
      ...list.env,
      MAIL_FROM: 'TEDxKampalaBS <hello@tedx.test>',
      SITE_URL: 'https://tedx.example',
      UNSUBSCRIBE_URL: endpoint,
      ANNOUNCE_RATE: '0',
      SMTP_URL: sink.url(),
    });
  const count = async () => Number((await cli('cli/subscribers.ts', 'count')).stdout);

  beforeAll(async () => {
    list = await listOn('running server', 2);
    edge = await listen(
      edgeFunction('unsubscribe', createUnsubscribeHandler, {
        supabaseUrl: list.server?.origin ?? '',
        anonKey: LOCAL_ANON_KEY,
        siteUrl: 'https://tedx.example',
      }),
    );
    endpoint = `${edge.origin}/functions/v1/unsubscribe`;
    sink = await startSmtpSink({ keep: true });
  });
  afterAll(() => edge.close());
  afterAll(() => list.dispose());
  afterAll(() => sink.close());

  it('puts the function in List-Unsubscribe and the body, and its one-click POST takes the person off', async () => {
    expect((await cli('cli/announce.ts', '--campaign', 'edge', '--yes')).code).toBe(0);
    const mail = sink.messages.find((m) => m.to === 'person1@example.org');
    expect(mail).toBeDefined();
    const url = mail ? unsubscribeHeaderUrl(mail) : '';
    expect(url).toMatch(new RegExp(`^${endpoint}\\?token=[0-9a-f-]{36}$`));
    expect(mail && decoded(mail)).toContain(url);
    expect(mail && decoded(mail)).not.toContain('tedx.example/unsubscribe');

    for (let i = 0; i < 2; i++) {
      const res = await fetch(url, ONE_CLICK);
      expect(res.status).toBe(200);
    }
    expect(await count()).toBe(1);
    expect((await cli('cli/subscribers.ts', 'export')).stdout).not.toContain('person1@');
  });
});
