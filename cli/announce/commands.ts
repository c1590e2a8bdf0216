// `npm run announce`: the dry run and the test message, and what the real run shares with them.
import { randomUUID } from 'node:crypto';
import type { Settings } from '../../server/settings.ts';
import { checkList, formatFindings, readList } from '../list-check.ts';
import { functionCaller, type FunctionCaller } from '../rpc.ts';
import { CliError, openBackend } from '../sources.ts';
import type { AnnounceArgs } from './args.ts';
import { addressOf, composeMail, messageId, unsubscribeUrl } from './compose.ts';
import { prepareMessage, type MessageTemplate } from './message.ts';
import { createMailer, serverName, stopLine } from './smtp.ts';
import { announceStore, type AnnounceStore, type Recipient } from './store.ts';

export interface AnnounceContext {
  args: AnnounceArgs;
  settings: Settings;
  from: string;
  siteUrl: string;
  /** Where the unsubscribe links point (see unsubscribeEndpoint). */
  unsubscribeEndpoint: string;
  template: MessageTemplate;
}

export const say = (line: string) => process.stderr.write(line + '\n');
export const n = (x: number) => x.toLocaleString('en-US');

type Addressee = Pick<Recipient, 'email' | 'firstName' | 'token'>;

/** One person's message, as the dry run shows it and the test and the real run send it. */
export function mailMaker(context: AnnounceContext) {
  const personalise = prepareMessage(context.template, context.siteUrl);
  return (to: Addressee, messageId: string) => {
    const unsubscribe = unsubscribeUrl(context.unsubscribeEndpoint, to.token);
    const rendered = personalise(to.firstName, unsubscribe);
    const { from, siteUrl } = context;
    const mail = composeMail({ from, to: to.email, siteUrl, unsubscribe, messageId, rendered });
    return { mail, rendered };
  };
}

export async function withStore<T>(
  context: AnnounceContext,
  fn: (store: AnnounceStore, caller: FunctionCaller) => Promise<T>,
) {
  const backend = await openBackend(context.settings);
  try {
    if (backend.kind === 'none')
      throw new CliError(`Nobody has signed up yet (${backend.description})`);
    const caller = functionCaller(backend);
    return await fn(announceStore(caller), caller);
  } finally {
    await backend.close();
  }
}

export async function dryRun(context: AnnounceContext): Promise<number> {
  const { campaign } = context.args;
  return withStore(context, async (store, caller) => {
    const status = await store.status(campaign);
    const [first] = await store.next(campaign, 0, 1);
    say(
      `Dry run of campaign ${campaign} on ${store.description}: ${n(status.pending)} would get it, ` +
        `${n(status.alreadySent)} already had it, ${n(status.unsubscribed)} unsubscribed. Nothing sent.`,
    );
    say(formatFindings(checkList(await readList(caller))));
    if (!first) return 0;
    const { mail, rendered } = mailMaker(context)(
      first,
      messageId(campaign, first.id, addressOf(context.from)),
    );
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

export async function verify(mailer: ReturnType<typeof createMailer>, smtpUrl: string) {
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
  const { mail } = mailMaker(context)(
    { email: to, firstName: null, token: '00000000-0000-0000-0000-000000000000' },
    `<test.${randomUUID()}@${addressOf(context.from).split('@').pop()}>`,
  );
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
