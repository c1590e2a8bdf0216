// One message from the sending mailbox, read as a report: which form it has (RFC 3464 delivery
// status, RFC 5965 feedback report, Microsoft's JMRP, one of the older inline forms, an
// auto-reply, or no report at all), what it says per recipient, and the tokens the original it
// returns carries. postal-mime parses the MIME; the fields of the report parts are read here.
// Everything in it is a stranger's text: it is read within the limits below.
import { createHash } from 'node:crypto';
import PostalMime, { type Email } from 'postal-mime';
import { CONTROL } from '../../common/printable.ts';
import { ENHANCED_CODE } from '../../common/smtp-answer.ts';
import { MAIL_TOKEN_HEADER, tokenOfMessageId } from '../mail-token.ts';
import { isAutoReply, REPORTER, REPORT_SUBJECT } from './screen.ts';

// A stranger's text as one plain line: no control character (C0, DEL, C1), no line or paragraph
// separator and no bidi control reaches a terminal or the suppression list; runs of space become
// one; at most `max` characters (of the first 4 × `max` read). Bidi marks too: nobody's name is
// read here.
const CONTROL_OR_MARK = new RegExp(`${CONTROL.source}|[\u200e\u200f\u061c]`, 'g');
export const cleanText = (text: string, max: number) =>
  text
    .slice(0, 4 * max)
    .replace(CONTROL_OR_MARK, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);

/** Only this much of a message is parsed: the report parts and the original's headers come
 * first, so a 20 MB attachment after them is never read. */
export const REPORT_BYTES = 1024 * 1024;
/** Nor more lines than this: postal-mime takes tens of microseconds a line (a megabyte of blank
 * lines, 15 s), and a report about 5,000 recipients has fewer. */
const REPORT_LINES = 30_000;
/** Recipients read from one report at most (a report about our mail names one). */
const MAX_RECIPIENTS = 10_000;
/** Of any one field (a diagnostic, an address): the classification reads no more. */
const FIELD_CHARS = 1000;
/** Of the original's headers and of an inline report's explanation. */
const ORIGINAL_CHARS = 64 * 1024;

export interface RecipientStatus {
  /** Final-Recipient and Original-Recipient (or the addresses an inline report names), lower-cased. */
  addresses: string[];
  /** Action (failed, delayed, delivered, relayed, expanded), lower-cased; null if not given. */
  action: string | null;
  /** The enhanced status code (RFC 3463), the most specific one the report gives. */
  status: string | null;
  /** Diagnostic-Code (or the inline explanation), one line, at most FIELD_CHARS. */
  diagnostic: string;
}

export interface ReadReport {
  form: 'dsn' | 'arf' | 'jmrp' | 'inline' | 'auto-reply' | 'none';
  /** ARF's Feedback-Type, lower-cased. */
  feedbackType: string | null;
  recipients: RecipientStatus[];
  /** Whether the report returns the original (a part, or inline after a "copy" line). */
  hasOriginal: boolean;
  /** The token candidates in the original's headers: the header's, the Message-ID's. */
  tokens: string[];
  /** Hex SHA-256 of the report's own Message-ID, or of its text when it has none. */
  id: string;
  /** For a person to read (--verbose): the report's From and Subject, control characters gone. */
  from: string;
  subject: string;
}

const DSN_TYPES = /^message\/(global-)?delivery-status$/i;
const ARF_TYPE = /^message\/feedback-report$/i;
const ORIGINAL_TYPES =
  /^(message\/(rfc822|global|rfc822-headers|global-headers)|text\/rfc822-headers)$/i;

/** Unfolded header fields of a block of `Name: value` lines (names lower-cased), in order. */
export function fieldsOf(block: string): [string, string][] {
  const fields: [string, string][] = [];
  for (const line of block.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && fields.length > 0) {
      const last = fields[fields.length - 1];
      if (last[1].length < FIELD_CHARS) last[1] += ' ' + line.trim();
      continue;
    }
    const at = line.indexOf(':');
    if (at > 0 && /^[\x21-\x39\x3b-\x7e]+$/.test(line.slice(0, at)))
      fields.push([line.slice(0, at).toLowerCase(), line.slice(at + 1, at + FIELD_CHARS).trim()]);
  }
  return fields;
}

export const field = (fields: [string, string][], name: string) =>
  fields.find(([n]) => n === name)?.[1] ?? null;

/** `rfc822; Someone@Example.org` or `<someone@example.org>` → someone@example.org: the field's
 * last word (fieldsOf cuts it to FIELD_CHARS), if it has an @ inside. */
function addressIn(value: string | null): string | null {
  const words = (value ?? '')
    .replace(/^[\w-]+[ \t]*;/, '')
    .replace(/>?\.?$/, '')
    .split(/[\s<>;"]/);
  const found = words.filter(Boolean).at(-1) ?? '';
  const at = found.indexOf('@');
  return at > 0 && at < found.length - 1 ? found.toLowerCase().slice(0, 320) : null;
}

const specific = (code: string | null) => code !== null && !/\.0\.0$/.test(code);

/** The remote server's own code in the diagnostic when it gives one (a relay maps it to its
 * Status, "5.1.1" for a "550 5.7.1 … blacklisted"), else the Status field's. */
function statusOf(status: string | null, diagnostic: string): string | null {
  const given = status ? (ENHANCED_CODE.exec(status)?.[0] ?? null) : null;
  const said = ENHANCED_CODE.exec(diagnostic)?.[0] ?? null;
  if (specific(said) && (!given || said?.[0] === given[0])) return said;
  return given ?? said;
}

/** The per-recipient groups of a message/delivery-status part. */
function deliveryStatus(text: string): RecipientStatus[] {
  const recipients: RecipientStatus[] = [];
  for (const group of text.split(/\r?\n[ \t]*\r?\n/)) {
    if (recipients.length >= MAX_RECIPIENTS) break;
    const fields = fieldsOf(group);
    const final = addressIn(field(fields, 'final-recipient'));
    const original = addressIn(field(fields, 'original-recipient'));
    const action = field(fields, 'action');
    if (!final && !original && !action) continue;
    const diagnostic = cleanText(
      (field(fields, 'diagnostic-code') ?? '').replace(/^[\w-]+\s*;\s*/, ''),
      FIELD_CHARS,
    );
    recipients.push({
      addresses: [...new Set([final, original].filter((a): a is string => a !== null))],
      action: action ? action.toLowerCase().split(/[\s(]/)[0] : null,
      status: statusOf(field(fields, 'status'), diagnostic),
      diagnostic,
    });
  }
  return recipients;
}

// The line after which an inline report returns the original, in the words of qmail, Exim,
// Sendmail v5, old Gmail, KDDI and others ("--- Below this line is a copy of the message.",
// "------ This is a copy of the message, including all the headers. ------"). No two repeats
// can take the same characters, so a long line costs its length, not its square.
const COPY_LINE =
  /^[ \t>]*(?:[-=*]+[ \t]*)?(?:(?:this is |below (?:this line )?is |included is |here is )?an? copy of (?:the|your) (?:original )?message|the header of the original message|enclosed are the original headers|unsent message follows|message headers follow)\b.*$/im;
// "----- Original message -----", "Original message follows.", "------- Returned Message ---",
// but not "The original message was received at …".
const ORIGINAL_LINE =
  /^[ \t>]*(?:[-=*]+[ \t]*)?(?:original message(?: headers| follows)?|returned message)[ \t.:*=-]*$/im;

/** The line after which an inline report's copy of the original starts, if it has one. */
const inlineCopyLine = (text: string) =>
  [COPY_LINE.exec(text), ORIGINAL_LINE.exec(text)]
    .filter((m) => m !== null)
    .sort((a, b) => a.index - b.index)
    .at(0);

/** The header block of a returned original: from its first non-blank line to the next blank. */
function headerBlock(original: string): string {
  const text = original.slice(0, ORIGINAL_CHARS).replace(/^(?:[ \t]*\r?\n)+/, '');
  const end = text.search(/\r?\n[ \t]*\r?\n/);
  // Indented copies (some inline forms) are read as if they were not.
  return (end < 0 ? text : text.slice(0, end))
    .split(/\r?\n/)
    .map((line) => line.replace(/^[ \t]{1,8}(?=[\x21-\x39\x3b-\x7e]+:)/, ''))
    .join('\n');
}

/** The tokens an original's headers carry (the header's first, then the Message-ID's). */
function tokensOf(original: string): string[] {
  const fields = fieldsOf(headerBlock(original));
  const tokens: string[] = [];
  const header = MAIL_TOKEN_HEADER.toLowerCase();
  for (const [name, value] of fields) {
    if (name === header) tokens.push(value.trim().slice(0, 200));
    if (name === 'message-id') {
      const token = tokenOfMessageId(value);
      if (token) tokens.push(token);
    }
  }
  return tokens;
}

const ADDRESS = /[^\s<>"'(),;:[\]]{1,64}@[A-Za-z0-9.-]{1,255}\.[A-Za-z]{2,63}/g;

/** The sender's own addresses, which an inline report quotes beside the recipient's. */
function senderAddresses(email: Email, original: string | null): Set<string> {
  const own = new Set<string>();
  const add = (text: string | undefined) => {
    for (const m of (text ?? '').matchAll(ADDRESS)) own.add(m[0].toLowerCase());
  };
  for (const h of email.headers) if (h.key === 'to' || h.key === 'delivered-to') add(h.value);
  if (original !== null)
    for (const [name, value] of fieldsOf(headerBlock(original)))
      if (['from', 'sender', 'reply-to', 'return-path'].includes(name)) add(value);
  return own;
}

/** An inline report's explanation (before the copy) as one recipient: every address it names
 * but the sender's, and its words. */
function inlineRecipient(explanation: string, own: Set<string>): RecipientStatus {
  const text = explanation.slice(0, ORIGINAL_CHARS);
  const addresses = [...new Set([...text.matchAll(ADDRESS)].map((m) => m[0].toLowerCase()))].filter(
    (a) => !own.has(a),
  );
  const diagnostic = cleanText(text, FIELD_CHARS);
  const delayed =
    /\b(?:will (?:continue|keep) (?:to )?(?:try|retry)|delayed|has not yet been delivered|temporar(?:y|ily))\b/i.test(
      text,
    );
  // qmail writes its code as (#5.1.1).
  const status = ENHANCED_CODE.exec(text)?.[0] ?? null;
  return {
    addresses: addresses.slice(0, MAX_RECIPIENTS),
    action: delayed ? 'delayed' : 'failed',
    status,
    diagnostic,
  };
}

function reportId(email: Email, raw: Buffer): string {
  const messageId = email.messageId?.trim();
  const hash = createHash('sha256');
  if (messageId) hash.update(`message-id\n${messageId.slice(0, 1000)}`);
  else hash.update('text\n').update(raw.subarray(0, ORIGINAL_CHARS));
  return hash.digest('hex');
}

/** The first REPORT_BYTES of a message, and of those the first REPORT_LINES lines. */
function cut(message: Buffer): Buffer {
  const raw = message.subarray(0, REPORT_BYTES);
  let at = -1;
  for (let lines = 0; lines < REPORT_LINES; lines++) {
    at = raw.indexOf(10, at + 1);
    if (at < 0) return raw;
  }
  return raw.subarray(0, at + 1);
}

export async function readReport(message: Buffer): Promise<ReadReport> {
  const raw = cut(message);
  const email = await PostalMime.parse(raw, {
    // The returned original is evidence, never part of the report's text, whatever its
    // Content-Disposition says.
    forceRfc822Attachments: true,
    maxRfc822NestingDepth: 0,
    attachmentEncoding: 'utf8',
    maxNestingDepth: 20,
    maxHeadersSize: 256 * 1024,
  });
  const parts = email.attachments.map((a) => ({
    type: a.mimeType.toLowerCase(),
    text: String(a.content).slice(0, ORIGINAL_CHARS * 16), // a string: attachmentEncoding utf8
  }));
  const originalPart = parts.find((p) => ORIGINAL_TYPES.test(p.type));
  const text = (email.text ?? '').slice(0, ORIGINAL_CHARS * 4);
  const copy = inlineCopyLine(text);
  const original = originalPart?.text ?? (copy ? text.slice(copy.index + copy[0].length) : null);
  const base = {
    feedbackType: null as string | null,
    recipients: [] as RecipientStatus[],
    hasOriginal: original !== null,
    tokens: original !== null ? tokensOf(original) : [],
    id: reportId(email, raw),
    from: cleanText(email.from?.address ?? email.from?.name ?? '', 200),
    subject: cleanText(email.subject ?? '', 200),
  };
  const arf = parts.find((p) => ARF_TYPE.test(p.type));
  if (arf) {
    const type = field(fieldsOf(arf.text.slice(0, ORIGINAL_CHARS)), 'feedback-type');
    return { ...base, form: 'arf', feedbackType: type?.toLowerCase().split(/\s/)[0] ?? null };
  }
  const dsn = parts.find((p) => DSN_TYPES.test(p.type));
  if (dsn) return { ...base, form: 'dsn', recipients: deliveryStatus(dsn.text) };
  // Microsoft's JMRP: a complaint as a plain message with the original attached, which carries
  // X-HmXmrOriginalRecipient.
  if (originalPart && /x-hmxmroriginalrecipient:/i.test(originalPart.text.slice(0, ORIGINAL_CHARS)))
    return { ...base, form: 'jmrp', feedbackType: 'abuse' };
  const reporter =
    REPORTER.test(email.from?.address ?? '') || REPORTER.test(email.from?.name ?? '');
  // A mailer daemon's message is a report even without the original (then it matches nobody).
  if (reporter || (REPORT_SUBJECT.test(email.subject ?? '') && original !== null)) {
    const explanation = copy ? text.slice(0, copy.index) : text;
    const recipient = inlineRecipient(explanation, senderAddresses(email, original));
    return { ...base, form: 'inline', recipients: [recipient] };
  }
  const header = (name: string) => email.headers.find((h) => h.key === name)?.value.trim() ?? '';
  if (isAutoReply(header, email.subject ?? '')) return { ...base, form: 'auto-reply' };
  return { ...base, form: 'none' };
}
