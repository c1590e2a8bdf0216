// The sending mailbox over IMAP (imapflow), read-only as decision 0022 says (EXAMINE, BODY.PEEK).
// First one FETCH of the envelope, the MIME structure and a few header fields of every message
// (screen.ts), then only the messages that can be reports, each at most REPORT_BYTES (imapflow's
// maxLiteralSize), a batch at a time.
import { ImapFlow, type FetchMessageObject, type MessageStructureObject } from 'imapflow';
import { isLoopback } from '../../platform/mail-server.ts';
import { CliError, firstLine } from '../cli-error.ts';
import type { ImapTarget } from './mailbox.ts';
import { field, fieldsOf, REPORT_BYTES } from './read-report.ts';
import { screen, SCREEN_HEADERS } from './screen.ts';

/** Messages downloaded per FETCH: at most this many times REPORT_BYTES held at once. */
const BATCH = 50;
const TIMEOUT_MS = 30_000;

const typesOf = (node: MessageStructureObject | undefined): string[] =>
  node ? [node.type, ...(node.childNodes ?? []).flatMap(typesOf)] : [];

/** What a message that could not be read is listed by. */
export interface Glimpse {
  from: string;
  subject: string;
  size: number;
}

/**
 * Hands `onReport` every message that can be a report, and counts the rest; the mailbox is
 * never changed.
 */
export async function scanImap(
  target: ImapTarget,
  onReport: (raw: Buffer) => Promise<void>,
  onUnreadable: (message: Glimpse, why: string) => void,
) {
  let client = await open(target);
  try {
    const box = client.mailbox === false ? { exists: 0 } : client.mailbox;
    const counts = { messages: box.exists, autoReplies: 0 };
    const wanted = new Map<number, Glimpse>();
    // Too large answers end the connection (imapflow's maxLiteralSize; its FETCH then fails as
    // "Connection not available"): that message is counted unreadable, and a new connection
    // goes on with the next.
    const tooLarge = async (error: unknown, message: Glimpse) => {
      const cause = (failures.get(client) ?? error) as { code?: string };
      if (cause.code !== 'LiteralTooLarge') throw error;
      onUnreadable(message, `the server sent more than the ${REPORT_BYTES} bytes asked for`);
      client.close();
      client = await open(target);
    };
    const screenOne = (m: FetchMessageObject) => {
      const from = m.envelope?.from?.[0];
      // Read as a report's headers are (read-report.ts).
      const fields = fieldsOf(m.headers?.toString('utf8') ?? '');
      const seen = screen({
        fromAddress: from?.address ?? '',
        fromName: from?.name ?? '',
        subject: m.envelope?.subject ?? '',
        types: typesOf(m.bodyStructure),
        header: (name) => field(fields, name) ?? '',
      });
      if (seen === 'report')
        wanted.set(m.uid, {
          from: (from?.address ?? '').slice(0, 1000),
          subject: (m.envelope?.subject ?? '').slice(0, 1000),
          size: m.size ?? 0,
        });
      else if (seen === 'auto-reply') counts.autoReplies++;
    };
    // Messages are screened in order: the one after the last answer is the one too large.
    for (let next = 1; next <= box.exists;)
      try {
        for await (const m of client.fetch(
          `${next}:*`,
          { uid: true, size: true, envelope: true, bodyStructure: true, headers: SCREEN_HEADERS },
          { uid: false },
        )) {
          next = m.seq + 1;
          screenOne(m);
        }
        break;
      } catch (error) {
        await tooLarge(error, { from: '', subject: `message ${next} of the mailbox`, size: 0 });
        next++;
      }
    const uids = [...wanted.keys()];
    while (uids.length > 0) {
      const batch: Buffer[] = [];
      const asked = uids.splice(0, BATCH);
      try {
        for await (const m of client.fetch(
          asked.join(','),
          { uid: true, source: { start: 0, maxLength: REPORT_BYTES } },
          { uid: true },
        )) {
          if (m.source) batch.push(m.source);
          if (asked.includes(m.uid)) asked.splice(asked.indexOf(m.uid), 1);
        }
      } catch (error) {
        // The first message not received is the one it was sending; the rest are asked again.
        const [uid, ...rest] = asked;
        await tooLarge(error, wanted.get(uid) ?? { from: '', subject: '', size: 0 });
        uids.unshift(...rest);
      }
      // The database is asked between FETCHes, never during one.
      for (const raw of batch) await onReport(raw);
    }
    return counts;
  } finally {
    await client.logout().catch(() => client.close());
  }
}

/** The error that ended each connection. */
const failures = new WeakMap<ImapFlow, unknown>();

/** A connection with the mailbox open read-only. */
async function open(target: ImapTarget): Promise<ImapFlow> {
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
    // A literal larger than asked ends the connection before it is held (the screen's header
    // fields are far smaller).
    maxLiteralSize: REPORT_BYTES,
  });
  // Surfaced by the command that was running; kept for the one that fails after it.
  client.on('error', (error: unknown) => failures.set(client, error));
  const where = `${target.host}:${target.port}`;
  try {
    await client.connect();
  } catch (error) {
    const e = error as { authenticationFailed?: boolean; code?: string };
    if (e.authenticationFailed)
      throw new CliError(
        `The IMAP server ${where} refused the login: check the user and password in IMAP_URL (Gmail: the app password SMTP_URL has, and IMAP turned on)`,
      );
    throw new CliError(
      `Could not read the mailbox on ${where} (${e.code ?? firstLine(error)}): check IMAP_URL, and that the server is reachable`,
    );
  }
  try {
    await client.mailboxOpen(target.mailbox, { readOnly: true });
  } catch (error) {
    await client.logout().catch(() => client.close());
    throw new CliError(
      `No mailbox ${JSON.stringify(target.mailbox)} on ${where} (${firstLine(error)}): name it at the end of IMAP_URL, e.g. …:993/INBOX`,
    );
  }
  return client;
}
