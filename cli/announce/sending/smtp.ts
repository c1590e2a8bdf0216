// The SMTP side: a pooled Nodemailer transport from SMTP_URL, and the one line that says what
// went wrong with the server as a whole (see smtp-answer.ts for what each answer means).
import { createTransport } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import { isLoopback, mailServer } from '../../../platform/mail-server.ts';
import { CliError } from '../../cli-error.ts';
import { readAnswer, smtpAnswer, type SmtpError } from '../../../common/smtp-answer.ts';

/** Connections kept open to the server; most providers allow 5-10 per account. */
export const MAX_CONNECTIONS = 5;

/** smtps:// is TLS from the first byte (port 465); smtp:// must upgrade with STARTTLS (the
 * password is never sent in clear), unless the server is on this machine. */
export function smtpOptions(smtpUrl: string): SMTPPool.Options {
  const { host, port, secure, user, pass } = mailServer(new URL(smtpUrl), {
    secure: 465,
    plain: 587,
  });
  return {
    pool: true,
    maxConnections: MAX_CONNECTIONS,
    maxMessages: Infinity,
    host,
    port,
    secure,
    requireTLS: !secure && !isLoopback(host),
    auth: user ? { user, pass } : undefined,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  };
}

/** host:port, never the login. */
export const serverName = (smtpUrl: string) => {
  const url = new URL(smtpUrl);
  return `${url.hostname}:${smtpOptions(smtpUrl).port}`;
};

/** One line saying what went wrong (with the server as a whole, or the test message) and what to do. */
export function stopLine(error: unknown, server: string): string {
  const e = (error ?? {}) as SmtpError;
  const { kind, aboutSender } = readAnswer(error);
  const answer = smtpAnswer(error);
  if (kind === 'auth')
    return `The SMTP server ${server} refused the login (${answer}): check the user and password in SMTP_URL (Gmail needs an app password)`;
  if (kind === 'sender')
    return `The SMTP server ${server} refuses the sender (${answer}): check MAIL_FROM and the account, then run the same command again`;
  // Refused while sending (not while connecting): a run records these per person; only the test
  // message ends on one.
  const sending = e.code === 'EENVELOPE' || e.code === 'EMESSAGE';
  if (sending && (kind === 'bounce' || (kind === 'failed' && !aboutSender)))
    return `The SMTP server ${server} refused the address (${answer}): check it, or use another`;
  if (sending && kind === 'failed')
    return `The SMTP server ${server} refused the message (${answer}): fix what the answer names (the sender, the account or the content), then run the same command again`;
  if (kind === 'quota' || kind === 'deferred')
    return `The SMTP server ${server} says "not now" (${answer}): a sending limit; run the same command again later`;
  if (e.code === 'ETLS' || /STARTTLS/i.test(answer))
    return `The SMTP server ${server} offers no TLS, and the password is never sent in clear: use smtps://…:465 or a server with STARTTLS`;
  // OpenSSL's words for a plain SMTP greeting read as TLS: smtps:// to a STARTTLS port (587).
  if (/wrong version number|packet length too long/i.test(answer))
    return `The SMTP server ${server} does not start with TLS on that port: use smtp://…:587 (STARTTLS), or smtps://…:465`;
  if (/certificate|self[- ]signed|CERT_/i.test(answer))
    return `The SMTP server ${server} has a TLS certificate that cannot be trusted (${answer}), so the password was not sent: check the host name in SMTP_URL (your provider's own, e.g. smtp.gmail.com)`;
  const reason =
    e.code === 'EDNS' || /ENOTFOUND|EAI_AGAIN/.test(answer)
      ? 'its name does not resolve'
      : e.code === 'ETIMEDOUT'
        ? 'it did not answer in time'
        : answer;
  return `Could not reach the SMTP server ${server} (${reason}): check SMTP_URL and your network, then run the same command again`;
}

/** The pooled transport, once the server has taken the login: checked before anything is sent,
 * a refusal stops the command with one line. */
export async function openMailer(smtpUrl: string) {
  const mailer = createTransport(smtpOptions(smtpUrl));
  try {
    await mailer.verify();
  } catch (error) {
    mailer.close();
    throw new CliError(stopLine(error, serverName(smtpUrl)));
  }
  return mailer;
}
