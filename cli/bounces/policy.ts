// What a late report means: the kinds of decision 0022's table, after Sisimai's reasons. The
// enhanced status codes mean what they mean at send time: common/smtp-answer.ts reads them
// (mailboxGone), here as there.
import {
  ENHANCED_CODE,
  MAILBOX_FULL,
  mailboxGone,
  refusalCause,
  subjectAndDetail,
} from '../../common/smtp-answer.ts';
import type { ReadReport, RecipientStatus } from './read-report.ts';

export type LateKind = 'hard' | 'complaint' | 'soft' | 'sender' | 'ignored';

const COMPLAINTS = new Set(['abuse', 'fraud', 'opt-out', 'optout']);
const ABOUT_SENDER = new Set(['auth-failure', 'dmarc', 'virus']);

/** The basic SMTP code a diagnostic starts with ("550 5.1.1 …", "smtp; 550-5.1.1 …"). */
const basicCode = (text: string) => /(?:^|[^\d.])([245]\d\d)(?=[ -]|$)/.exec(text)?.[1];

// A message that could not be delivered in time (Sisimai's expired, networkerror): it comes
// back with whatever code the reporting server picked, often none.
const EXPIRED =
  /retry timeout exceeded|timed? ?out|giving up|could not deliver for|(?:in|too long in) the queue|delivery time expired|all hosts have been failing|not responding|connection refused|did not accept our requests to connect/i;

// Reports without a telling code (old Gmail, qmail, old Exim) are read by their words, as Sisimai
// reads them: only the person's own report comes here (its token verified), so its words decide
// for that person alone, and only toward suppressing less (decision 0022).
const NO_SUCH_USER =
  /no such (user|mailbox|recipient)|user unknown|unknown user|does ?n[o']t exist|not exist|recipient not found|recipient address rejected|invalid (recipient|mailbox|address)|mailbox unavailable|mailbox not found|account (is )?(disabled|inactive)|doesn't have an? \S+ account|recipientnotfound|undeliverable address|bad destination mailbox|unrouteable address/i;

/**
 * One recipient's status. The phase and the enhanced code decide, as at send (RFC 3463): a
 * refused MAIL FROM is the sender's; a mailbox gone (mailboxGone) is hard; the rest of x.2.x, the
 * mailbox, and x.4.x, the route, come back; the rest is the sender or the message. A code that
 * says nothing particular (x.y.0) is read as none, so the words decide.
 */
export function recipientKind(r: RecipientStatus): Exclude<LateKind, 'complaint'> {
  const action = r.action ?? 'failed';
  if (action === 'delayed') return 'soft';
  if (action !== 'failed') return 'ignored';
  const basic = Number(basicCode(r.diagnostic) ?? (r.status?.[0] === '4' ? 450 : 550));
  if (r.status?.[0] === '4' || basic < 500) return 'soft';
  const telling = r.status && !/\.0$/.test(r.status) ? r.status : null;
  const [subject, detail] = subjectAndDetail(telling);
  const words = r.diagnostic
    .replace(/^\s*[245]\d\d[ -]/, '')
    .replace(new RegExp(ENHANCED_CODE, 'g'), ' ');
  // The remote server refused our MAIL FROM: about the sender, whatever the code says.
  if (/(?:after|>>>|in reply to)\s+MAIL FROM/i.test(r.diagnostic)) return 'sender';
  // A reporting server's Status is its own mapping of the answer: "5.1.3" for a block list.
  const aboutSender = refusalCause({ response: `${basic} ${words}` }) !== 'content';
  if (telling) {
    if (mailboxGone(subject, detail, words)) return aboutSender ? 'sender' : 'hard';
    return subject === 2 || subject === 4 ? 'soft' : 'sender';
  }
  if (aboutSender) return 'sender';
  if (NO_SUCH_USER.test(words)) return 'hard';
  // A full mailbox, or a message that expired in a queue, whatever code its server picked.
  return MAILBOX_FULL.test(words) || EXPIRED.test(words) ? 'soft' : 'sender';
}

const SEVERITY: Exclude<LateKind, 'complaint'>[] = ['hard', 'sender', 'soft', 'ignored'];

interface Verdict {
  kind: LateKind | 'address differs' | 'no recipient';
  /** What the report said about the person, one line, for the suppression list. */
  detail: string;
}

/**
 * The report about `email` (the person the token names). A report about several recipients is
 * read for that person alone; a bounce that names other addresses only is about someone else.
 */
export function verdict(report: ReadReport, email: string): Verdict {
  if (report.form === 'arf' || report.form === 'jmrp') {
    const type = report.feedbackType ?? '';
    const detail = `feedback report: ${type || 'no type'}`;
    if (COMPLAINTS.has(type)) return { kind: 'complaint', detail };
    return { kind: ABOUT_SENDER.has(type) ? 'sender' : 'ignored', detail };
  }
  if (report.form !== 'dsn' && report.form !== 'inline') return { kind: 'ignored', detail: '' };
  const named = report.recipients.filter((r) => r.addresses.length > 0);
  const about = named.filter((r) => r.addresses.includes(email));
  if (named.length > 0 && about.length === 0) return { kind: 'address differs', detail: '' };
  const candidates = about.length > 0 ? about : report.recipients;
  if (candidates.length === 0) return { kind: 'no recipient', detail: '' };
  const kinds = candidates.map((r) => ({ r, kind: recipientKind(r) }));
  const worst = SEVERITY.find((k) => kinds.some((x) => x.kind === k)) ?? 'ignored';
  // A hard bounce needs the address: a report that names nobody cannot say it is this one, and
  // an inline one that names several does not say which of its words are whose.
  const several = report.form === 'inline' && named.some((r) => r.addresses.length > 1);
  if (worst === 'hard' && (about.length === 0 || several))
    return { kind: 'no recipient', detail: '' };
  const r = kinds.find((x) => x.kind === worst)?.r;
  const detail = r ? `${r.status ?? ''} ${r.diagnostic}`.trim().slice(0, 300) : '';
  return { kind: worst, detail };
}
