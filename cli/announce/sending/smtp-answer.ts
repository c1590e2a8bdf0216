// What an SMTP answer means for the run, decided by the command it answers (MAIL FROM, RCPT TO,
// end of DATA) and the enhanced status code (RFC 3463: class.subject.detail). The wording the big
// providers use only breaks ties, and only the server's own: relays quote the recipient, whose
// address a stranger may have built from those words. Pure: no I/O.
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

/** Only this much of an answer is read: a huge one costs no more than that. */
const READ = 1000;

/** The enhanced status code in an answer ("550 5.1.1 …", "550-5.4.5 …"), or null. */
export function enhancedCode(text: string): string | null {
  // RFC 3463: right after the basic code ("550 5.1.1", or "550-5.1.1" on a continued line).
  return /^\d{3}[ -]([245]\.\d{1,3}\.\d{1,3})(?![\d.])/.exec(text.trim())?.[1] ?? null;
}

/** The server's own words: nothing it quotes between < and >, nor anything shaped like an
 * address. Neither pattern can backtrack over what it has read, so the cost is linear. */
const ownWords = (text: string) =>
  text.replace(/<[^<>]*>/g, ' ').replace(/\S+/g, (word) => (word.includes('@') ? ' ' : word));

// The provider's own limit, in the words Gmail, Outlook, Yahoo, Brevo and SES use.
const LIMIT =
  /quota|rate limit|ratelimit|rate of|sending rate|too many (messages|emails|mails|recipients|connections)|sending limit|daily (user )?sending|daily limit|limit (exceeded|reached)|exceeded (the |your )?(daily |hourly )?(sending |message )?limit|throttl|unusual (rate|volume)|unexpected volume|server busy/i;
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
// The rest: the message's content or the provider's policy (a relay refusing us, for one).
const POLICY = /message rejected|spam|content|virus|malware|phish|policy|relay|\bsender\b/;
const anyOf = (...words: RegExp[]) => new RegExp(words.map((w) => w.source).join('|'), 'i');
// Any of them puts a refusal without a telling code on the sender, the account or the message.
const ABOUT_SENDER = anyOf(BLOCK_LIST, /banned sending/, SANDBOX, AUTHENTICATION, POLICY);
const NO_SUCH_USER =
  /no such (user|mailbox|recipient)|user unknown|unknown user|does ?n[o']t exist|not exist|recipient not found|recipient address rejected|invalid (recipient|mailbox|address)|mailbox unavailable|mailbox not found|account (is )?(disabled|inactive)|doesn't have an? \S+ account|recipientnotfound|undeliverable address|bad destination mailbox|unrouteable address/i;

export function classifyAnswer(error: unknown): AnswerClass {
  const e = (error ?? {}) as SmtpError;
  const basic = typeof e.responseCode === 'number' ? e.responseCode : null;
  if (e.code === 'EAUTH' || e.code === 'ENOAUTH' || basic === 535 || basic === 534) return 'auth';
  if (basic === null) return 'connection';
  const text = (e.response ?? e.message ?? '').slice(0, READ);
  const enhanced = enhancedCode(text);
  // NaN without an enhanced code; detail 0 is RFC 3463's "other or undefined": both a tie.
  const [, subject, detail] = (enhanced ?? '').split('.').map(Number);
  const tie = !detail;
  const words = ownWords(text);
  const atMail = e.command === 'MAIL FROM';
  const atRcpt = e.command === 'RCPT TO';
  // At RCPT TO an answer that names an address is about that recipient: its words (which may
  // relay the recipient's own server) never stop the run; only a code can.
  const stopWords = atRcpt && /[<@]/.test(text) ? '' : words;
  // x.2.2 (mailbox full) says "quota" too: it is this recipient's, so try them later.
  if ((subject === 2 && detail === 2) || (tie && MAILBOX_FULL.test(words))) return 'deferred';
  // 421 closes the channel; 5.4.5 is Gmail's daily limit; MAIL FROM comes before any recipient.
  if (basic === 421 || enhanced === '5.4.5' || (atMail && basic < 500)) return 'quota';
  if ((tie || subject === 7 || atMail) && LIMIT.test(stopWords)) return 'quota';
  if (basic < 500) return 'deferred';
  if (atMail || ((tie || subject === 7) && SENDER_BLOCKED.test(stopWords))) return 'sender';
  // x.1.7 and x.1.8 are the sender's address or system (RFC 3463), not the recipient's. At RCPT
  // TO one recipient's answer must not stop the run: it counts toward the refusal watch instead.
  if (subject === 1 && (detail === 7 || detail === 8)) return atRcpt ? 'failed' : 'sender';
  if (subject === 1) return 'bounce';
  if (subject === 2 && (atRcpt || detail === 1)) return 'bounce';
  if (!tie || subject === 7 || ABOUT_SENDER.test(words)) return 'failed';
  if (NO_SUCH_USER.test(words)) return 'bounce';
  // Without an enhanced code, 550/551/553 at RCPT TO: "mailbox unavailable / not local / bad name".
  return atRcpt && enhanced === null && [550, 551, 553].includes(basic) ? 'bounce' : 'failed';
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
export function refusalCause(error: unknown): RefusalCause {
  const words = ownWords(smtpAnswer(error));
  return CAUSES.find(([, pattern]) => pattern.test(words))?.[0] ?? 'content';
}

/** The server's own words, on one line, for the organisers. */
export function smtpAnswer(error: unknown): string {
  const e = (error ?? {}) as SmtpError;
  return (e.response ?? e.message ?? String(error)).replace(/\s+/g, ' ').trim().slice(0, 300);
}
