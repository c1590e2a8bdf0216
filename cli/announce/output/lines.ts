// The lines a run ends with: what happened, and what to do next, one line each.
import type { CampaignStatus } from '../sending/store.ts';
import type { RunResult } from '../sending/run.ts';
import { stopLine } from '../sending/smtp.ts';
import { refusalCause, smtpAnswer } from '../../../common/smtp-answer.ts';
import { firstLine } from '../../cli-error.ts';
import { CAUSE_LINES } from '../../output/cause-lines.ts';
import { formatCount } from '../../output/say.ts';

/** How many days a list of `pending` needs at `max` a day (0 = no cap: one). */
export const daysAtCap = (pending: number, max: number) =>
  max > 0 ? Math.max(1, Math.ceil(pending / max)) : 1;

export function summaryLine(campaign: string, status: CampaignStatus, r: RunResult): string {
  return (
    `Campaign ${campaign}: ${formatCount(r.sent)} sent, ${formatCount(status.already_sent)} already had it, ` +
    `${formatCount(r.failed.length)} failed, ${formatCount(status.unsubscribed)} unsubscribed, ` +
    `${formatCount(r.bounced.length)} bounced, ${formatCount(r.deferred.length)} deferred, ` +
    `${formatCount(status.suppressed)} suppressed`
  );
}

/** Everyone not answered for good in this run. */
const left = (status: CampaignStatus, r: RunResult) =>
  status.pending - r.sent - r.bounced.length - r.failed.length;

/** A refusal about the sender suppresses nobody; a bounce earlier in the same run did (its line
 * says so above the stop line), so the stop line must not claim that nobody was. */
const suppressedClause = (r: RunResult) =>
  r.bounced.length === 0
    ? 'nobody was suppressed'
    : `nobody was suppressed for these refusals (only the ${formatCount(r.bounced.length)} bounced above)`;

/** The one line for a run that stopped before the end of the list, or null. */
export function stoppedLine(
  campaign: string,
  status: CampaignStatus,
  r: RunResult,
  server: string,
  where: string,
  max: number,
): string | null {
  const counts = `${formatCount(r.sent)} sent, ${formatCount(left(status, r))} left`;
  if (r.stop?.kind === 'quota')
    return `The SMTP server ${server} reached a sending limit (${smtpAnswer(r.stop.error)}): campaign ${campaign}: ${counts}, nobody marked failed; run the same command again later (tomorrow for a daily limit)`;
  if (r.stop?.kind === 'database') {
    return `The database stopped answering (${where}: ${firstLine(r.stop.error)}), so sending stopped: ${counts}; when it is back, run the same command again (the last few messages may go twice, with the same Message-ID)`;
  }
  if (r.stop?.kind === 'refused')
    return `The SMTP server ${server} is refusing the sender or the message, not the addresses (${smtpAnswer(r.stop.error)}): likely cause: ${CAUSE_LINES[refusalCause(r.stop.error)]}; then run the same command again. Campaign ${campaign}: ${formatCount(r.sent)} sent, ${formatCount(r.failed.length)} refused (recorded as failed, tried again next run), ${formatCount(left(status, r) + r.failed.length)} still to send; ${suppressedClause(r)}`;
  if (r.stop?.kind === 'lease') {
    const why = (r.stop.error as Error).message ?? String(r.stop.error);
    return `Stopped: ${why}: this run sends nothing more and dropped the people it had fetched (${formatCount(r.sent)} sent before); run the same command again to see what is left`;
  }
  if (r.stop) return `${stopLine(r.stop.error, server)} (campaign ${campaign}: ${counts})`;
  if (r.capped)
    return `Campaign ${campaign}: stopped at the cap of ${formatCount(max)} messages: ${counts}; run the same command again tomorrow (about ${formatCount(daysAtCap(left(status, r), max))} more day(s) at this cap)`;
  return null;
}
