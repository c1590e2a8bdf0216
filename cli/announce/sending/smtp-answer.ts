// What an SMTP answer means for the run, read from the basic code, the enhanced status code
// (RFC 3463: class.subject.detail) and the wording the big providers use. Pure: no I/O.
//   bounce      the answer is about this address (unknown, disabled, gone): record 'bounced',
//               suppress it
//   quota       the provider's sending limit (daily or per minute): stop now, nobody failed
//   deferred    a temporary refusal for this one recipient: retry later, then leave it
//   failed      refused for good, but about the sender, the account or the message (policy,
//               block list, SPF/DKIM/DMARC, sandbox, content, size), never the address: record
//               it, suppress nobody; a rerun tries again, and a run of them stops the send
//   sender      the server refuses our MAIL FROM: every message would fail, so stop
//   auth        the login was refused: stop before anything is sent
//   connection  no answer at all (dropped, timed out): reconnect with backoff

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

/** The enhanced status code in an answer ("550 5.1.1 …", "550-5.4.5 …"), or null. */
export function enhancedCode(text: string): string | null {
  // RFC 3463: right after the basic code ("550 5.1.1", or "550-5.1.1" on a continued line).
  return /^\d{3}[ -]([245]\.\d{1,3}\.\d{1,3})(?![\d.])/.exec(text.trim())?.[1] ?? null;
}

// The provider's own limit, in the words Gmail, Outlook, Yahoo and Brevo use.
const QUOTA_WORDS =
  /quota|rate limit|ratelimit|rate of|too many (messages|emails|mails|recipients|connections)|sending limit|daily (user )?sending|daily limit|limit (exceeded|reached)|exceeded (the |your )?(daily |hourly )?(sending |message )?limit|throttl|unusual (rate|volume)|unexpected volume/i;
// A mailbox over its own storage quota is the recipient's trouble, not ours.
const MAILBOX_FULL =
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
const CONTENT = /message rejected|spam|content|virus|malware|phish/;
const anyOf = (...words: RegExp[]) => new RegExp(words.map((w) => w.source).join('|'), 'i');
// Any of them puts the refusal on the sender, the account or the message whatever the code says.
const ABOUT_SENDER = anyOf(BLOCK_LIST, /banned sending/, SANDBOX, AUTHENTICATION, CONTENT);
const NO_SUCH_USER =
  /no such (user|mailbox|recipient)|user unknown|unknown user|does ?n[o']t exist|not exist|recipient not found|recipient address rejected|invalid (recipient|mailbox|address)|mailbox unavailable|mailbox not found|account (is )?(disabled|inactive)|doesn't have a .* account|recipientnotfound|undeliverable address|bad destination mailbox/i;

export function classifyAnswer(error: unknown): AnswerClass {
  const e = (error ?? {}) as SmtpError;
  const basic = typeof e.responseCode === 'number' ? e.responseCode : null;
  if (e.code === 'EAUTH' || e.code === 'ENOAUTH' || basic === 535 || basic === 534) return 'auth';
  if (basic === null) return 'connection';
  const text = e.response ?? e.message ?? '';
  const enhanced = enhancedCode(text);
  const [, subject, detail] = (enhanced ?? '').split('.').map(Number);
  // x.2.2 (mailbox full) says "quota" too: it is this recipient's, so try them later.
  if ((subject === 2 && detail === 2) || MAILBOX_FULL.test(text)) return 'deferred';
  if (enhanced === '5.4.5' || basic === 421 || QUOTA_WORDS.test(text)) return 'quota';
  if (basic < 500) return subject === 7 ? 'quota' : 'deferred';
  // x.1.7 and x.1.8 are the sender's address or system (RFC 3463), not the recipient's.
  if (e.command === 'MAIL FROM' || SENDER_BLOCKED.test(text)) return 'sender';
  if (subject === 1 && (detail === 7 || detail === 8)) return 'sender';
  // x.7.x is security or policy (RFC 3463): about us or the message, whatever else it says.
  if (subject === 7 || ABOUT_SENDER.test(text)) return 'failed';
  if (subject === 1 || enhanced === '5.2.1' || NO_SUCH_USER.test(text)) return 'bounce';
  // Without an enhanced code, 550/551/553 mean "mailbox unavailable / not local / bad name".
  if (enhanced === null && (basic === 550 || basic === 551 || basic === 553)) return 'bounce';
  return 'failed';
}

/** Why a provider refuses the sender or the message, read from its answer. */
export type RefusalCause = 'sandbox' | 'authentication' | 'block list' | 'content';

// In this order: Gmail's 5.7.26 also says "blocked" and "spam", SES's sandbox "Message rejected".
const CAUSES: [RefusalCause, RegExp][] = [
  ['sandbox', anyOf(SANDBOX)],
  ['authentication', anyOf(/\b5\.7\.(2[3-7]|7)\b/, AUTHENTICATION)],
  ['block list', anyOf(BLOCK_LIST, /banned|\b5\.7\.[56]\d\d\b/)],
];

/** The likely cause of a refusal about the sender or the message: content (or the provider's
 * policy) when no other is named. */
export function refusalCause(error: unknown): RefusalCause {
  const text = smtpAnswer(error);
  return CAUSES.find(([, words]) => words.test(text))?.[0] ?? 'content';
}

/** The server's own words, on one line, for the organisers. */
export function smtpAnswer(error: unknown): string {
  const e = (error ?? {}) as SmtpError;
  return (e.response ?? e.message ?? String(error)).replace(/\s+/g, ' ').trim().slice(0, 300);
}
