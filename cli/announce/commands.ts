// The three things `npm run announce` does: a dry run, a test message, the real run.
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline/promises';
import type { Settings } from '../../server/settings.ts';
import { functionCaller } from '../rpc.ts';
import { CliError, openBackend } from '../sources.ts';
import type { AnnounceArgs } from './args.ts';
import { addressOf, composeMail, messageId, unsubscribeUrl } from './compose.ts';
import { prepareMessage, type MessageTemplate } from './message.ts';
import { progressBar } from './progress.ts';
import { runCampaign } from './run.ts';
import { createMailer, MAX_CONNECTIONS, serverName, stopLine } from './smtp.ts';
import { announceStore, type AnnounceStore } from './store.ts';

export interface AnnounceContext {
  args: AnnounceArgs;
  settings: Settings;
  from: string;
  siteUrl: string;
  template: MessageTemplate;
}

const say = (line: string) => process.stderr.write(line + '\n');
const n = (x: number) => x.toLocaleString('en-US');

async function withStore<T>(context: AnnounceContext, fn: (store: AnnounceStore) => Promise<T>) {
  const backend = await openBackend(context.settings);
  try {
    if (backend.kind === 'none')
      throw new CliError(`Nobody has signed up yet (${backend.description})`);
    return await fn(announceStore(functionCaller(backend)));
  } finally {
    await backend.close();
  }
}

export async function dryRun(context: AnnounceContext): Promise<number> {
  const { campaign } = context.args;
  return withStore(context, async (store) => {
    const status = await store.status(campaign);
    const [first] = await store.next(campaign, 0, 1);
    say(
      `Dry run of campaign ${campaign} on ${store.description}: ${n(status.pending)} would get it, ` +
        `${n(status.alreadySent)} already had it, ${n(status.unsubscribed)} unsubscribed. Nothing sent.`,
    );
    if (!first) return 0;
    const rendered = prepareMessage(context.template, context.siteUrl)(
      first.firstName,
      unsubscribeUrl(context.siteUrl, first.token),
    );
    const mail = composeMail({
      from: context.from,
      to: first.email,
      siteUrl: context.siteUrl,
      unsubscribe: unsubscribeUrl(context.siteUrl, first.token),
      messageId: messageId(campaign, first.id, addressOf(context.from)),
      rendered,
    });
    const headers = {
      From: mail.from,
      To: mail.to,
      Subject: mail.subject,
      'Message-ID': mail.messageId,
      ...mail.headers,
    };
    for (const [name, value] of Object.entries(headers))
      process.stdout.write(`${name}: ${String(value)}\n`);
    process.stdout.write(
      `\n----- text part -----\n${rendered.text}\n----- HTML part -----\n${rendered.html}`,
    );
    return 0;
  });
}

async function verify(mailer: ReturnType<typeof createMailer>, smtpUrl: string) {
  try {
    await mailer.verify();
  } catch (error) {
    mailer.close();
    throw new CliError(stopLine(error, serverName(smtpUrl)));
  }
}

export async function sendTest(context: AnnounceContext, smtpUrl: string): Promise<number> {
  const to = context.args.testTo ?? '';
  const mailer = createMailer(smtpUrl);
  await verify(mailer, smtpUrl);
  // A token that is nobody's: the preview's unsubscribe link shows the "not valid" page.
  const unsubscribe = unsubscribeUrl(context.siteUrl, '00000000-0000-0000-0000-000000000000');
  const rendered = prepareMessage(context.template, context.siteUrl)(null, unsubscribe);
  const mail = composeMail({
    from: context.from,
    to,
    siteUrl: context.siteUrl,
    unsubscribe,
    messageId: `<test.${randomUUID()}@${addressOf(context.from).split('@').pop()}>`,
    rendered,
  });
  try {
    await mailer.sendMail(mail);
  } catch (error) {
    throw new CliError(
      `The test message to ${to} was refused: ${stopLine(error, serverName(smtpUrl))}`,
    );
  } finally {
    mailer.close();
  }
  say(
    `Sent a test message of campaign ${context.args.campaign} to ${to} through ${serverName(smtpUrl)}. Nothing recorded.`,
  );
  return 0;
}

async function confirm(question: string): Promise<boolean> {
  if (!process.stdin.isTTY)
    throw new CliError(
      'Not sending: add --yes to send without a question (stdin is not a terminal)',
    );
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^y(es)?$/i.test((await rl.question(`${question} [y/N] `)).trim());
  } finally {
    rl.close();
  }
}

export async function sendCampaign(context: AnnounceContext, smtpUrl: string): Promise<number> {
  const { campaign } = context.args;
  const rate = context.settings.announceRate;
  return withStore(context, async (store) => {
    const status = await store.status(campaign);
    if (status.pending === 0) {
      say(
        `Campaign ${campaign}: nobody left to send to; 0 sent, ${n(status.alreadySent)} already had it, 0 failed, ${n(status.unsubscribed)} unsubscribed`,
      );
      return 0;
    }
    const question = `Send campaign ${campaign} to ${n(status.pending)} people from ${context.from} through ${serverName(smtpUrl)}?`;
    if (!context.args.yes && !(await confirm(question))) {
      say('Not sent.');
      return 1;
    }
    const mailer = createMailer(smtpUrl);
    await verify(mailer, smtpUrl);
    const personalise = prepareMessage(context.template, context.siteUrl);
    const fromAddress = addressOf(context.from);
    const stop = new AbortController();
    const onSigint = () => stop.abort();
    process.once('SIGINT', onSigint);
    const bar = progressBar(process.stderr, status.pending);
    try {
      const result = await runCampaign({
        campaign,
        store,
        rate,
        concurrency: MAX_CONNECTIONS * 2,
        signal: stop.signal,
        onProgress: (done) => bar.update(done),
        async send(person) {
          const unsubscribe = unsubscribeUrl(context.siteUrl, person.token);
          await mailer.sendMail(
            composeMail({
              from: context.from,
              to: person.email,
              siteUrl: context.siteUrl,
              unsubscribe,
              messageId: messageId(campaign, person.id, fromAddress),
              rendered: personalise(person.firstName, unsubscribe),
            }),
          );
        },
      });
      bar.stop();
      for (const f of result.failed) say(`Failed: ${f.email}: ${f.answer}`);
      if (result.stoppedBy !== null) say(stopLine(result.stoppedBy, serverName(smtpUrl)));
      if (result.interrupted) say('Interrupted: run the same command again to continue.');
      say(
        `Campaign ${campaign}: ${n(result.sent)} sent, ${n(status.alreadySent)} already had it, ` +
          `${n(result.failed.length)} failed, ${n(status.unsubscribed)} unsubscribed`,
      );
      const clean = result.failed.length === 0 && result.stoppedBy === null && !result.interrupted;
      return clean ? 0 : result.interrupted ? 130 : 1;
    } finally {
      process.off('SIGINT', onSigint);
      mailer.close();
    }
  });
}
