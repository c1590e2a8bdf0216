// `npm run announce -- --campaign ID --dry-run`: how many would get it, and the first message in
// full. Sends nothing, records nothing. Its token and unsubscribe link are nobody's (random bytes
// in the token's shape, which verify as nothing): a dry run's output, pasted anywhere, lets nobody
// forge a report about that person or take them off the list.
import { randomBytes } from 'node:crypto';
import { mailMaker, messageId } from '../mail/compose.ts';
import { NOBODY } from './test-message.ts';
import { daysAtCap } from '../output/lines.ts';
import { formatCount, say } from '../../output/say.ts';
import { withStore, type AnnounceContext } from './context.ts';
import { readSignups } from '../../read-signups.ts';
import { checkList, formatFindings } from './list-check.ts';

export async function dryRun(context: AnnounceContext): Promise<number> {
  const { campaign } = context.args;
  return withStore(context, async (store, caller) => {
    const status = await store.status(campaign);
    const first = await store.preview(campaign);
    say(
      `Dry run of campaign ${campaign} on ${store.description}: ${formatCount(status.pending)} would get it, ` +
        `${formatCount(status.already_sent)} already had it, ${formatCount(status.unsubscribed)} unsubscribed, ` +
        `${formatCount(status.suppressed)} suppressed (bounced before). Nothing sent.`,
    );
    const max = context.args.max ?? context.settings.announceMaxPerRun;
    if (max > 0)
      say(
        `At ${formatCount(max)} messages a run (--max / ANNOUNCE_MAX_PER_RUN), the list needs ` +
          `${formatCount(daysAtCap(status.pending, max))} day(s): one run a day, earliest sign-ups first.`,
      );
    say(formatFindings(checkList(await readSignups(caller))));
    if (!first) return 0;
    const random = () => randomBytes(16).toString('base64url');
    const token = `${campaign}.${random()}.${random()}`;
    const to = { ...first, token: NOBODY };
    const { mail, rendered } = mailMaker(context)(to, messageId(token, context.from), token);
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
