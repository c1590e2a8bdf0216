// `npm run announce -- --campaign ID [--yes]`: the real run. Asks first (or refuses without a
// terminal), checks the SMTP login, sends with a progress bar, ends with one summary line.
import { createInterface } from 'node:readline/promises';
import { CliError } from '../../sources.ts';
import { addressOf, messageId } from '../mail/compose.ts';
import { mailMaker } from '../mail/make-mail.ts';
import { progressBar } from '../output/progress.ts';
import { n, say } from '../output/say.ts';
import { runCampaign } from '../sending/run.ts';
import { createMailer, MAX_CONNECTIONS, serverName, stopLine, verify } from '../sending/smtp.ts';
import { withStore, type AnnounceContext } from './context.ts';

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
    const makeMail = mailMaker(context);
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
          await mailer.sendMail(makeMail(person, messageId(campaign, person.id, fromAddress)).mail);
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
