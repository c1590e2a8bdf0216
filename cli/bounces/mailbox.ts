// Which mailbox `subscribers -- bounces` reads: IMAP_URL, or else the Gmail account SMTP_URL
// sends through (same login, imap.gmail.com:993), so an organiser who can send can read too.
import { mailServer } from '../../platform/mail-server.ts';
import type { Settings } from '../../platform/settings.ts';
import { CliError } from '../cli-error.ts';

const GMAIL_SMTP = /^smtp\.(gmail|googlemail)\.com$/i;

export function imapTarget(settings: Settings) {
  let url: URL;
  if (settings.imapUrl) url = new URL(settings.imapUrl);
  else if (settings.smtpUrl && GMAIL_SMTP.test(new URL(settings.smtpUrl).hostname)) {
    const smtp = new URL(settings.smtpUrl);
    url = new URL(`imaps://imap.gmail.com:993/INBOX`);
    url.username = smtp.username;
    url.password = smtp.password;
  } else
    throw new CliError(
      'Set IMAP_URL (imaps://user:password@host:993/INBOX) to read the sending mailbox, or pass --file PATH (an .mbox, an .eml or a folder of them)',
    );
  const server = mailServer(url, { secure: 993, plain: 143 });
  const mailbox = decodeURIComponent(url.pathname.replace(/^\/+/, '')) || 'INBOX';
  return {
    ...server,
    mailbox,
    // For the organisers: never the login.
    shown: `${mailbox} on ${url.hostname}:${server.port}`,
  };
}

export type ImapTarget = ReturnType<typeof imapTarget>;
