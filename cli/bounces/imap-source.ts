// The sending mailbox over IMAP (imapflow), read-only: EXAMINE (mailboxOpen readOnly), and every
// body fetched with BODY.PEEK, so nothing is deleted, moved or marked read. First one FETCH of
// the envelope, the MIME structure and a few header fields of every message (screen.ts), then
// only the messages that can be reports, each at most REPORT_BYTES, a batch at a time.
import { ImapFlow, type MessageStructureObject } from 'imapflow';
import { isLoopback } from '../../platform/mail-server.ts';
import { CliError, firstLine } from '../cli-error.ts';
import type { ImapTarget } from './mailbox.ts';
import { field, fieldsOf, REPORT_BYTES } from './read-report.ts';
import { screen, SCREEN_HEADERS, type Screened } from './screen.ts';

/** Messages downloaded per FETCH: at most this many times REPORT_BYTES held at once. */
const BATCH = 50;
const TIMEOUT_MS = 30_000;

const typesOf = (node: MessageStructureObject | undefined): string[] =>
  node ? [node.type, ...(node.childNodes ?? []).flatMap(typesOf)] : [];

function connectError(error: unknown, target: ImapTarget): CliError {
  const e = error as { authenticationFailed?: boolean; code?: string; responseText?: string };
  const where = `${target.host}:${target.port}`;
  if (e.authenticationFailed)
    return new CliError(
      `The IMAP server ${where} refused the login: check the user and password in IMAP_URL (Gmail: the app password SMTP_URL has, and IMAP turned on)`,
    );
  return new CliError(
    `Could not read the mailbox on ${where} (${e.code ?? firstLine(error)}): check IMAP_URL, and that the server is reachable`,
  );
}

export interface ScanCounts {
  messages: number;
  autoReplies: number;
}

/**
 * Hands `onReport` every message that can be a report, and counts the rest; the mailbox is
 * never changed.
 */
export async function scanImap(
  target: ImapTarget,
  onReport: (raw: Buffer) => Promise<void>,
): Promise<ScanCounts> {
  const client = new ImapFlow({
    host: target.host,
    port: target.port,
    secure: target.secure,
    // Plain imap:// is only ever to this machine (settings.ts); there, no STARTTLS is needed.
    doSTARTTLS: target.secure ? undefined : !isLoopback(target.host),
    auth: { user: target.user, pass: target.pass },
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS * 4,
  });
  client.on('error', () => {}); // surfaced by the command that was running
  try {
    await client.connect();
  } catch (error) {
    throw connectError(error, target);
  }
  try {
    let box;
    try {
      box = await client.mailboxOpen(target.mailbox, { readOnly: true });
    } catch (error) {
      throw new CliError(
        `No mailbox ${JSON.stringify(target.mailbox)} on ${target.host}:${target.port} (${firstLine(error)}): name it at the end of IMAP_URL, e.g. …:993/INBOX`,
      );
    }
    const counts: ScanCounts = { messages: box.exists, autoReplies: 0 };
    if (box.exists === 0) return counts;
    const wanted: number[] = [];
    for await (const m of client.fetch(
      '1:*',
      { uid: true, envelope: true, bodyStructure: true, headers: SCREEN_HEADERS },
      { uid: false },
    )) {
      const from = m.envelope?.from?.[0];
      // Read as a report's headers are (read-report.ts).
      const fields = fieldsOf(m.headers?.toString('utf8') ?? '');
      const seen: Screened = screen({
        fromAddress: from?.address ?? '',
        fromName: from?.name ?? '',
        subject: m.envelope?.subject ?? '',
        types: typesOf(m.bodyStructure),
        header: (name) => field(fields, name) ?? '',
      });
      if (seen === 'report') wanted.push(m.uid);
      else if (seen === 'auto-reply') counts.autoReplies++;
    }
    for (let i = 0; i < wanted.length; i += BATCH) {
      const batch: Buffer[] = [];
      const uids = wanted.slice(i, i + BATCH).join(',');
      for await (const m of client.fetch(
        uids,
        { uid: true, source: { start: 0, maxLength: REPORT_BYTES } },
        { uid: true },
      ))
        if (m.source) batch.push(m.source);
      // The database is asked between FETCHes, never during one.
      for (const raw of batch) await onReport(raw);
    }
    return counts;
  } finally {
    await client.logout().catch(() => client.close());
  }
}
