// `npm run announce -- --campaign ID [--yes] [--max N]`: the real run. Takes the campaign's
// lease, asks first (or refuses without a terminal), checks the SMTP login, sends with a
// progress bar, ends with one summary line (and one line saying why, if it stopped early).
import { confirm } from '../../confirm.ts';
import { mailMaker, messageId } from '../mail/compose.ts';
import { mailToken, readMailKeys } from '../../mail-token.ts';
import { stoppedLine, summaryLine } from '../output/lines.ts';
import { progressBar } from '../output/progress.ts';
import { formatCount, say } from '../../output/say.ts';
import { takeLease } from '../sending/lease.ts';
import { emptyResult, runCampaign } from '../sending/run.ts';
import { MAX_CONNECTIONS, openMailer, serverName } from '../sending/smtp.ts';
import { withStore, type AnnounceContext } from './context.ts';

/** Stops told in their one line alone (it holds the counts), without the summary line. */
const ONE_LINE_STOPS = new Set(['quota', 'database', 'refused', 'lease']);

export async function sendCampaign(context: AnnounceContext, smtpUrl: string): Promise<number> {
  const { campaign } = context.args;
  const { announceRate: rate, announceRetryMs: retryMs } = context.settings;
  const max = context.args.max ?? context.settings.announceMaxPerRun;
  const server = serverName(smtpUrl);
  return withStore(context, async (store, caller) => {
    const keys = await readMailKeys(caller);
    const lease = await takeLease(store, campaign, context.settings.announceLeaseSeconds);
    try {
      const status = await store.status(campaign);
      if (status.pending === 0) {
        say(`${summaryLine(campaign, status, emptyResult())}: nobody left to send to`);
        return 0;
      }
      const capped =
        max > 0 && max < status.pending ? ` (the first ${formatCount(max)} today)` : '';
      const question = `Send campaign ${campaign} to ${formatCount(status.pending)} people${capped} from ${context.from} through ${server}?`;
      const refusal = 'Not sending: add --yes to send without a question (stdin is not a terminal)';
      if (!context.args.yes && !(await confirm(question, refusal))) {
        say('Not sent.');
        return 1;
      }
      const mailer = await openMailer(smtpUrl);
      const makeMail = mailMaker(context);
      const stop = new AbortController();
      const onSigint = () => stop.abort();
      process.once('SIGINT', onSigint);
      // A run that lost its lease (asleep past it) cuts its connections at once: a message it
      // had begun before sleeping goes no further than the SMTP server had already taken.
      lease.lost.addEventListener('abort', () => mailer.close());
      const bar = progressBar(max > 0 ? Math.min(max, status.pending) : status.pending);
      try {
        const result = await runCampaign({
          run: lease.run,
          store,
          lease,
          rate,
          max,
          retryMs,
          concurrency: MAX_CONNECTIONS * 2,
          signal: stop.signal,
          onProgress: (done) => bar.update(done),
          async send(person) {
            const token = mailToken(keys, campaign, person.id);
            await mailer.sendMail(makeMail(person, messageId(token, context.from), token).mail);
          },
        });
        bar.stop();
        const oneLine = ONE_LINE_STOPS.has(result.stop?.kind ?? '');
        for (const f of result.bounced)
          say(`Bounced (suppressed from now on): ${f.email}: ${f.answer}`);
        // Refusals about the sender say nothing about these addresses: the stop line explains.
        for (const f of result.failed)
          if (result.stop?.kind !== 'refused' || !f.aboutSender)
            say(`Failed: ${f.email}: ${f.answer}`);
        for (const f of result.deferred) say(`Deferred to the next run: ${f.email}: ${f.answer}`);
        const stopped = stoppedLine(campaign, status, result, server, store.description, max);
        if (!oneLine) say(summaryLine(campaign, status, result));
        if (stopped) say(stopped);
        if (result.interrupted) say('Interrupted: run the same command again to continue.');
        if (result.stop) return 1;
        if (result.interrupted) return 130;
        return result.failed.length === 0 && result.deferred.length === 0 ? 0 : 1;
      } finally {
        process.off('SIGINT', onSigint);
        mailer.close();
      }
    } finally {
      await lease.release();
    }
  });
}
