// What an SMTP answer means for the run, decided by the command it answers and the enhanced status
// code; words only break ties among answers about the sender. docs/launch-day.md ("What each
// outcome means", "When the provider refuses the sender") gives the rules and why. Pure: no I/O.
//   bounce      the answer is about this address (unknown, disabled, gone): record 'bounced',
//               suppress it
//   quota       the provider's sending limit (daily or per minute), or a closed channel: stop
//               now, nobody failed
//   deferred    a temporary refusal: retry later, then leave it
//   failed      refused for good, and not because the mailbox is gone: record it, suppress nobody;
//               a rerun tries again
//   sender      the server refuses our MAIL FROM, or says it stopped our account: stop
//   auth        the login was refused: stop before anything is sent
//   connection  no answer at all (dropped, timed out): reconnect with backoff
// A deferred or failed answer about the sender (readAnswer's aboutSender) counts toward the
// refusal watch (refusal-watch.ts), which stops the run when they keep coming for different
// recipients at several domains; one about the recipient alone never counts.

import { domainAndParents } from './normalise-signup.ts';
import { printable } from './printable.ts';

export type AnswerClass =
  'bounce' | 'quota' | 'deferred' | 'failed' | 'sender' | 'auth' | 'connection';

export interface SmtpError {
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
  /** The SMTP command Nodemailer was answering: 'MAIL FROM', 'RCPT TO', 'DATA'… */
  command?: string;
}

/** Only this much of an answer is read: a huge one costs no more than that. */
const READ = 1000;

/** An enhanced status code (RFC 3463: class.subject.detail), "5.1.1", wherever a text has one. */
export const ENHANCED_CODE = /\b[245]\.\d{1,3}\.\d{1,3}\b/;

/** The enhanced status code in an answer ("550 5.1.1 …", "550-5.4.5 …"), or null. */
export function enhancedCode(text: string): string | null {
  return /^\d{3}[ -]([245]\.\d{1,3}\.\d{1,3})(?![\d.])/.exec(text.trim())?.[1] ?? null;
}

/** A code's subject and detail (NaN for no code): 5.1.1 is [1, 1]. */
export const subjectAndDetail = (code: string | null) => {
  const [, subject, detail] = (code ?? '').split('.').map(Number);
  return [subject, detail] as const;
};

// Gmail's 5.2.1 for a mailbox that receives too fast (its ReceivingRatePerm): it comes back.
const RECEIVING_TOO_FAST = /receiving mail (at a rate|too quickly)|ReceivingRate/i;

/** A code that says this recipient's mailbox is full, or receives too fast: it comes back. */
const mailboxFull = (subject: number, detail: number, words: string) =>
  subject === 2 && (detail === 2 || (detail === 1 && RECEIVING_TOO_FAST.test(words)));

/** A code that says this recipient's mailbox is gone, at send and in a late report alike: x.1.x
 * (but x.1.7 and x.1.8, the sender's), x.2.1 a mailbox disabled (docs/launch-day.md). */
export const mailboxGone = (subject: number, detail: number, words: string) =>
  (subject === 1 && detail !== 7 && detail !== 8) ||
  (subject === 2 && detail === 1 && !mailboxFull(subject, detail, words));

/** A literal, as a case-insensitive pattern for all its occurrences. */
const everywhere = (literal: string) =>
  new RegExp(literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi');

/** The server's own words, as docs/launch-day.md defines them. No pattern here can backtrack over
 * what it has read, so the cost is linear. */
function ownWords(text: string, recipient?: string): string {
  let words = text
    .replace(/<[^<>]*>/g, ' ')
    .replace(/\S+/g, (word) => (word.includes('@') ? ' ' : word));
  for (const domain of domainAndParents(recipient ?? ''))
    words = words.replace(everywhere(domain), ' ');
  return words;
}

// The provider's own limit, in the words Gmail, Outlook, Yahoo, Brevo and SES use.
const LIMIT =
  /quota|rate limit|ratelimit|rate of|sending rate|too many (messages|emails|mails|recipients|connections)|sending limit|daily (user )?sending|daily limit|limit (exceeded|reached)|exceeded (the |your )?(daily |hourly )?(sending |message )?limit|throttl|unusual (rate|volume)|unexpected volume|server busy/i;
// A mailbox over its own storage quota is the recipient's trouble, not our limit.
export const MAILBOX_FULL =
  /mailbox (is )?full|inbox is (full|out of storage)|out of storage|over quota|insufficient storage|mailbox_full/i;
// The provider has stopped our account (Outlook's outbound spam verdict, a suspended sender).
const SENDER_BLOCKED =
  /OutboundSpamException|sender (address )?(is )?(blocked|suspended|rejected)|account (has been |is )?(suspended|blocked|disabled for sending)/i;
// Words that name why a provider refuses the sender or the message, one list per cause
// (refusalCause below): SES's sandbox ("not verified"), Gmail's 5.7.26/5.7.27 ("unauthenticated",
// SPF/DKIM/DMARC), Outlook's block list (S3150, "part of their network"), spam and content filters.
const SANDBOX = /not verified|unverified|identities failed|sandbox/;
const AUTHENTICATION =
  /\bSPF\b|\bDKIM\b|\bDMARC\b|unauthenticated|authentication (check|failed|required)/;
const BLOCK_LIST =
  /block ?list|black ?list|blocked using|spamhaus|barracuda|spamcop|\bRBL\b|\bDNSBL\b|reputation|part of their network|\(S3150\)/;
const anyOf = (...words: RegExp[]) => new RegExp(words.map((w) => w.source).join('|'), 'i');
/** The provider's own limit, and not a mailbox over its storage quota, which says "quota" too. */
const namesLimit = (words: string) => LIMIT.test(words) && !MAILBOX_FULL.test(words);

/** What one answer means: what to do with the person, and whether it is about the sender. */
export interface Reading {
  kind: AnswerClass;
  /** About the sender, the account or the message, not this recipient: the refusal watch counts
   * it (deferred and failed answers; the other kinds stop the run themselves). */
  aboutSender: boolean;
  /** The provider's sending limit, by its code (x.4.5) or its own words: a stop that answers of
   * this kind lead to is that limit, and nobody is marked failed for them. */
  limit: boolean;
}

const reading = (kind: AnswerClass, aboutSender = false, limit = false): Reading => ({
  kind,
  aboutSender,
  limit,
});

/** RFC 3463's subjects about the sender's side: x.3 the mail system, x.4 the network and
 * routing (x.4.5 congestion: Gmail's daily limit), x.7 security and policy. */
const SENDER_SUBJECTS = new Set([3, 4, 7]);

/**
 * `recipient` is the address the message was for: its domain, as a relay may name it, is not
 * read as the relay's words.
 */
export function readAnswer(error: unknown, recipient?: string): Reading {
  const e = (error ?? {}) as SmtpError;
  const basic = typeof e.responseCode === 'number' ? e.responseCode : null;
  if (e.code === 'EAUTH' || e.code === 'ENOAUTH' || basic === 535 || basic === 534)
    return reading('auth', true);
  if (basic === null) return reading('connection');
  const text = (e.response ?? e.message ?? '').slice(0, READ);
  const enhanced = enhancedCode(text);
  const [subject, detail] = subjectAndDetail(enhanced);
  const words = ownWords(text, recipient);
  // 421 closes the channel: the session, not one recipient. MAIL FROM comes before any.
  if (basic === 421) return reading('quota', true, true);
  if (e.command === 'MAIL FROM')
    return basic < 500 || namesLimit(words)
      ? reading('quota', true, true)
      : reading('sender', true);
  if (e.command === 'RCPT TO') return atRecipient(basic, subject, detail, words, text);
  // The message (at DATA, the only phase left): only a mailbox gone or full (x.2.2) is about the
  // recipient.
  if (mailboxGone(subject, detail, words)) return reading('bounce');
  if (mailboxFull(subject, detail, words)) return reading('deferred');
  // Everything else is about the sender or the message: the same answer would come for every
  // message. The provider's limit, or its verdict on our account, stops the run now.
  if ((subject === 4 && detail === 5) || namesLimit(words)) return reading('quota', true, true);
  if (SENDER_BLOCKED.test(words)) return reading('sender', true);
  return reading(basic < 500 ? 'deferred' : 'failed', true);
}

/** At RCPT TO: only a code of the sender's side counts toward a stop, and only through the refusal
 * watch (docs/launch-day.md); anything else is about that recipient alone, whatever its words. */
function atRecipient(basic: number, subject: number, detail: number, words: string, text: string) {
  if (!SENDER_SUBJECTS.has(subject)) {
    if (basic < 500 || mailboxFull(subject, detail, words)) return reading('deferred');
    if (mailboxGone(subject, detail, words) || subject === 2) return reading('bounce');
    return reading('failed');
  }
  // An answer that names an address relays another server's words (Postfix's
  // reject_unverified_recipient quotes the recipient's server): they name no limit of ours.
  const limit = (subject === 4 && detail === 5) || (!/[<@]/.test(text) && namesLimit(words));
  return reading(basic < 500 || limit ? 'deferred' : 'failed', true, limit);
}

/** Why a provider refuses the sender or the message, read from its answer. */
export type RefusalCause = 'sandbox' | 'authentication' | 'block list' | 'content';

// In this order: Gmail's 5.7.26 also says "blocked" and "spam", SES's sandbox "Message rejected".
const CAUSES: [RefusalCause, RegExp][] = [
  ['sandbox', anyOf(SANDBOX)],
  ['authentication', anyOf(/\b5\.7\.(2[3-7]|7)\b/, AUTHENTICATION)],
  ['block list', anyOf(BLOCK_LIST, /banned|\b5\.7\.[5-7]\d\d\b|not accepted from this IP/)],
];

/** The likely cause of a refusal about the sender or the message: content (or the provider's
 * policy) when no other is named. */
export function refusalCause(error: unknown, recipient?: string): RefusalCause {
  const words = ownWords(smtpAnswer(error), recipient);
  return CAUSES.find(([, pattern]) => pattern.test(words))?.[0] ?? 'content';
}

/** The server's own words, on one line and printable (its control characters spelled out), for
 * the organisers and for the delivery record and the suppression list, which keep it. */
export function smtpAnswer(error: unknown): string {
  const e = (error ?? {}) as SmtpError;
  const line = (e.response ?? e.message ?? String(error)).slice(0, READ).replace(/\s+/g, ' ');
  return printable(line.trim()).slice(0, 300);
}
