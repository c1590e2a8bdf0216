// Which messages of a mailbox can be reports, from what IMAP answers without the body (the
// envelope, the MIME structure, a few header fields): only those are downloaded and read
// (read-report.ts). The same patterns tell read-report.ts a report from other mail. Generous:
// a message let through is read and found to be no report; one held back is never seen.

/** Who sends reports (the local part or the display name). */
export const REPORTER =
  /^(mailer-daemon|postmaster|mail-?daemon|mailer|mdaemon|bounces?|mail delivery|staff@hotmail)\b/i;
/** The subjects reports have, in the words of the common servers. */
export const REPORT_SUBJECT =
  /undeliver|delivery (status|fail|notification|report|problem|error)|failure notice|returned mail|mail delivery|could not be delivered|non-?delivery|delivery has failed|not delivered|rejected|permanent (error|failure)|warning: could not send|complaint about message|abuse report|feedback report|returned to sender|fehlgeschlagen|unzustellbar/i;
/** Parts only a report (or a forwarded message) has. */
const REPORT_PART =
  /^(multipart\/report|message\/(delivery-status|global-delivery-status|feedback-report|rfc822|global|rfc822-headers|global-headers)|text\/rfc822-headers)$/i;

/** RFC 3834's Auto-Submitted, and the other marks vacation responders leave. */
export function isAutoReply(header: (name: string) => string, subject: string): boolean {
  const auto = header('auto-submitted').toLowerCase();
  return (
    (auto !== '' && auto !== 'no') ||
    header('x-autoreply') !== '' ||
    header('x-autorespond') !== '' ||
    /auto[_-]?reply/i.test(header('precedence')) ||
    /^(auto(matic)?[ -]?(reply|response)|out of (the )?office|vacation|away from)/i.test(subject)
  );
}

/** The header fields the screen reads (with the envelope and the structure). */
export const SCREEN_HEADERS = [
  'auto-submitted',
  'x-autoreply',
  'x-autorespond',
  'precedence',
  'content-type',
];

interface Glance {
  fromAddress: string;
  fromName: string;
  subject: string;
  /** The MIME types of every part, the message's own first. */
  types: string[];
  header(name: string): string;
}

export function screen(g: Glance) {
  if (
    g.types.some((t) => REPORT_PART.test(t)) ||
    REPORTER.test(g.fromAddress) ||
    REPORTER.test(g.fromName) ||
    REPORT_SUBJECT.test(g.subject)
  )
    return 'report';
  return isAutoReply(g.header, g.subject) ? 'auto-reply' : 'ordinary';
}
