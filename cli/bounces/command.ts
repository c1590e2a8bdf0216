// `npm run subscribers -- bounces [--file PATH] [--verbose]`: the late bounces and complaints in
// the sending mailbox (IMAP_URL, or Gmail's from SMTP_URL) or in an export of it. A report acts
// only when the original it returns carries a mail token that verifies (cli/mail-token.ts)
// and, for a bounce, reports that person's address; policy.ts says what each report does, and
// the database remembers what was handled, so a second run changes nothing (decision 0022).
import { createHash } from 'node:crypto';
import { retentionNotice } from '../../platform/retention.ts';
import type { Settings } from '../../platform/settings.ts';
import { readMailKeys, verifyMailToken, type MailKeys } from '../mail-token.ts';
import { formatCount, say } from '../output/say.ts';
import { withCaller } from '../backend.ts';
import { countSignups } from '../read-signups.ts';
import { firstLine } from '../cli-error.ts';
import { fileMessages } from './file-source.ts';
import { scanImap, type Glimpse } from './imap-source.ts';
import { imapTarget } from './mailbox.ts';
import { verdict } from './policy.ts';
import { cleanText, field, fieldsOf, readReport, type ReadReport } from './read-report.ts';
import { lateReportStore, type LateReportRecord } from './store.ts';
import { newTally, summaryLines, type Tally } from './summary.ts';

/** Verified reports resolved against the database at a time. */
const BATCH = 200;

interface Verified {
  report: ReadReport;
  campaign: string;
  person: number;
}

/** The campaign and person the original names, or why the report is unmatched. */
function matchToken(report: ReadReport, keys: MailKeys): Verified | string {
  if (!report.hasOriginal) return 'no returned message';
  if (report.tokens.length === 0) return 'no token in the returned message';
  const facts = report.tokens.map((t) => verifyMailToken(keys, t));
  if (facts.some((f) => f === null)) return 'a token that does not verify (changed or forged)';
  const [first] = facts as NonNullable<(typeof facts)[number]>[];
  if (facts.some((f) => f?.campaign !== first.campaign || f.personId !== first.personId))
    return 'tokens that name different messages';
  // A report is known by its Message-ID (or text) and the person it is about: two reports that
  // share a Message-ID (a forger's copy, an anonymised corpus) are still two.
  const id = createHash('sha256')
    .update(`${report.id}\n${first.campaign}\n${first.personId}`)
    .digest('hex');
  return { report: { ...report, id }, campaign: first.campaign, person: first.personId };
}

const unmatched = (tally: Tally, report: ReadReport, why: string) =>
  tally.unmatched.push(
    `${report.from || '(no sender)'}: ${report.subject || '(no subject)'}: ${why}`,
  );

/** Decides each verified report for its person, acts through the database, and counts. */
async function resolve(
  store: ReturnType<typeof lateReportStore>,
  verified: Verified[],
  tally: Tally,
): Promise<void> {
  const people = await store.people([...new Set(verified.map((v) => v.person))]);
  const records: LateReportRecord[] = [];
  for (const v of verified) {
    const email = people.get(v.person);
    const at = { report: v.report.id, campaign: v.campaign, person: v.person };
    if (email === undefined) {
      // Nobody to act on; the database still says whether an earlier run handled it (a
      // complaint takes the person off the list).
      records.push({ ...at, kind: 'not on the list', email: '', detail: '' });
      continue;
    }
    const { kind, detail } = verdict(v.report, email);
    if (kind === 'address differs') unmatched(tally, v.report, 'the bounce names another address');
    else if (kind === 'no recipient')
      unmatched(tally, v.report, 'the bounce does not say which address failed');
    else if (kind === 'ignored') tally.ignored++;
    else records.push({ ...at, kind, email, detail });
  }
  for (const [r, outcome] of await store.record(records)) tally.count(r, outcome);
}

/** A message no report can be read from (postal-mime refused it, or the server sent more than
 * was asked): counted, and listed with --verbose. */
const unreadable = (tally: Tally, m: Glimpse, why: string) =>
  tally.unreadable.push(
    `${cleanText(m.from, 200) || '(no sender)'}: ${cleanText(m.subject, 200) || '(no subject)'}: ` +
      `${m.size > 0 ? `${formatCount(m.size)} bytes: ` : ''}${cleanText(why, 200)}`,
  );

/** The From and Subject of a message read as plain header fields (of its first 64 KB). */
function glimpse(raw: Buffer): Glimpse {
  const text = raw.subarray(0, 64 * 1024).toString('latin1');
  const fields = fieldsOf(text.slice(0, text.search(/\r?\n\r?\n|$/)));
  return {
    from: field(fields, 'from') ?? '',
    subject: field(fields, 'subject') ?? '',
    size: raw.length,
  };
}

export async function bounces(settings: Settings, options: { file?: string; verbose?: boolean }) {
  const target = options.file === undefined ? imapTarget(settings) : null;
  return withCaller(settings, async (caller, description) => {
    if (!caller) {
      say(`Nobody has signed up yet (${description}): no report can be about anyone`);
      return 0;
    }
    const keys = await readMailKeys(caller);
    const store = lateReportStore(caller);
    const tally = newTally();
    const pending: Verified[] = [];
    const onMessage = async (raw: Buffer) => {
      let report: ReadReport;
      try {
        report = await readReport(raw);
      } catch (error) {
        unreadable(tally, glimpse(raw), firstLine(error));
        return;
      }
      if (report.form === 'none') return;
      if (report.form === 'auto-reply') {
        tally.autoReplies++;
        return;
      }
      tally.reports++;
      const match = matchToken(report, keys);
      if (typeof match === 'string') unmatched(tally, report, match);
      else pending.push(match);
      if (pending.length >= BATCH) await resolve(store, pending.splice(0), tally);
    };
    if (target) {
      const counts = await scanImap(target, onMessage, (m, why) => unreadable(tally, m, why));
      tally.messages = counts.messages;
      tally.autoReplies += counts.autoReplies;
    } else {
      for await (const raw of fileMessages(options.file ?? '')) {
        tally.messages++;
        await onMessage(raw);
      }
    }
    await resolve(store, pending, tally);
    const where = target?.shown ?? options.file ?? '';
    const lines = summaryLines(tally, where, description, options.verbose === true);
    // The privacy page's reminder (cli/subscribers.ts) comes before the summary, which is last.
    const overdue = await retentionNotice(() => countSignups(caller));
    lines.splice(-1, 0, ...[overdue].filter((line) => line !== null));
    for (const line of lines) say(line);
    return 0;
  });
}
