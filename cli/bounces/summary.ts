// What `bounces` says: a line for each address it suppressed or took off the list, with
// --verbose every report it left alone, for a person to read, what reports about the sender mean
// (as the send's stop line says it), and last the one summary line.
import { CAUSE_LINES } from '../output/cause-lines.ts';
import { formatCount, plural } from '../output/say.ts';
import { domainOf } from '../../common/normalise-signup.ts';
import { refusalCause, type RefusalCause } from '../../common/smtp-answer.ts';
import type { LateOutcome, LateReportRecord } from './store.ts';

export function newTally() {
  const tally = {
    messages: 0,
    reports: 0,
    autoReplies: 0,
    /** Verified, but nothing to do: delivered, relayed, a feedback report of another type. */
    ignored: 0,
    /** Verified, about someone no longer on the list. */
    gone: 0,
    handledBefore: 0,
    hard: 0,
    alreadySuppressed: 0,
    complaints: 0,
    soft: 0,
    softPeople: new Set<number>(),
    /** The people reports about the sender are about: their domain, what the last said. */
    sender: new Map<number, { domain: string; detail: string }>(),
    /** One line each: who sent it, its subject, why it matched nobody. */
    unmatched: [] as string[],
    /** One line each: who sent it, its subject, its size, why it could not be read. */
    unreadable: [] as string[],
    /** One line each for the organisers, always printed. */
    acted: [] as string[],
    /** One line each, printed with --verbose. */
    counted: [] as string[],
    count(r: LateReportRecord, outcome: LateOutcome) {
      switch (outcome) {
        case 'handled before':
          return void tally.handledBefore++;
        case 'not on the list':
          return void tally.gone++;
        case 'too old':
          return void tally.unmatched.push(`${r.email}: not sent to them in the last 60 days`);
        case 'address differs':
          return void tally.unmatched.push(`${r.email}: the bounce names another address`);
        case 'suppressed':
          tally.hard++;
          return void tally.acted.push(
            `Late bounce (suppressed from now on): ${r.email}: ${r.detail}`,
          );
        case 'already suppressed':
          tally.alreadySuppressed++;
          return void tally.counted.push(`Late bounce (already suppressed): ${r.email}`);
        case 'unsubscribed':
          tally.complaints++;
          return void tally.acted.push(
            `Complaint (unsubscribed and suppressed): ${r.email}: ${r.detail}`,
          );
        default:
          if (r.kind === 'soft') {
            tally.soft++;
            tally.softPeople.add(r.person);
            tally.counted.push(`Soft bounce (counted, not suppressed): ${r.email}: ${r.detail}`);
          } else {
            tally.sender.set(r.person, {
              domain: domainOf(r.email),
              detail: r.detail,
            });
            tally.counted.push(`About the sender (nobody suppressed): ${r.email}: ${r.detail}`);
          }
      }
    },
  };
  return tally;
}

export type Tally = ReturnType<typeof newTally>;

/** The cause the most recipients' domains name, when at least two do: one person's reports,
 * however many, say nothing about the sender's reputation. */
function likelyCause(sender: Tally['sender']): RefusalCause | null {
  const domains = new Map<RefusalCause, Set<string>>();
  for (const { domain, detail } of sender.values()) {
    const cause = refusalCause({ response: detail });
    domains.set(cause, (domains.get(cause) ?? new Set()).add(domain));
  }
  const [cause, named] = [...domains].sort((a, b) => b[1].size - a[1].size)[0];
  return named.size > 1 ? cause : null;
}

export function summaryLines(t: Tally, where: string, on: string, verbose: boolean): string[] {
  const hard =
    plural(t.hard + t.alreadySuppressed, 'hard bounce') +
    ' suppressed' +
    (t.alreadySuppressed > 0 ? ` (${formatCount(t.alreadySuppressed)} already were)` : '');
  const sender = t.sender.size;
  const unread = t.unreadable.length;
  const extras = [
    `${plural(t.autoReplies, 'auto-reply', 'auto-replies')} ignored`,
    ...(t.ignored > 0 ? [`${formatCount(t.ignored)} other notices ignored`] : []),
    ...(t.gone > 0 ? [`${formatCount(t.gone)} about people no longer on the list`] : []),
    `${formatCount(t.handledBefore)} already handled`,
  ];
  const summary =
    `Read ${plural(t.reports, 'report')} in ${where} (${plural(t.messages, 'message')}) for ${on}: ` +
    `${hard}, ${plural(t.complaints, 'complaint')} unsubscribed and suppressed, ` +
    `${formatCount(t.soft)} soft (${plural(t.softPeople.size, 'person', 'people')}, never suppressed), ` +
    `${formatCount(sender)} about the sender, ${formatCount(t.unmatched.length)} unmatched` +
    (unread > 0 ? `, ${formatCount(unread)} unreadable` : '') +
    `${t.unmatched.length + unread > 0 && !verbose ? ' (--verbose lists them)' : ''}; ${extras.join(', ')}.`;
  const cause = sender > 0 ? likelyCause(t.sender) : null;
  const domains = new Set([...t.sender.values()].map((s) => s.domain)).size;
  return [
    ...t.acted,
    ...(verbose
      ? [
          ...t.counted,
          ...t.unmatched.map((line) => `Unmatched (left alone): ${line}`),
          ...t.unreadable.map((line) => `Unreadable (left alone): ${line}`),
        ]
      : []),
    ...(sender > 0
      ? [
          `Reports about ${plural(sender, 'person', 'people')} at ${plural(domains, 'domain')} say a receiving server refused the sender or the message, not the address; nobody was suppressed for them. ` +
            (cause
              ? `Likely cause: ${CAUSE_LINES[cause]}.`
              : 'Too few domains to tell a likely cause.'),
        ]
      : []),
    summary,
  ];
}
