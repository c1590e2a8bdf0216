// The SMTP side: a pooled Nodemailer transport from SMTP_URL, and what an SMTP error means for
// the run (retry it, record it, or stop).
import { createTransport } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import { CliError } from '../../sources.ts';

export type Mailer = ReturnType<typeof createMailer>;

/** Connections kept open to the server; most providers allow 5-10 per account. */
export const MAX_CONNECTIONS = 5;

/** smtps:// is TLS from the first byte (port 465); smtp:// upgrades with STARTTLS when offered. */
export function smtpOptions(smtpUrl: string): SMTPPool.Options {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  return {
    pool: true,
    maxConnections: MAX_CONNECTIONS,
    maxMessages: Infinity,
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  };
}

export function createMailer(smtpUrl: string) {
  return createTransport({ ...smtpOptions(smtpUrl), pool: true });
}

export const serverName = (smtpUrl: string) => {
  const url = new URL(smtpUrl);
  return `${url.hostname}:${smtpOptions(smtpUrl).port}`;
};

/** What the run does about an error: wait and retry, record and move on, or stop everything. */
export type FailureKind = 'temporary' | 'permanent' | 'connection' | 'auth';

interface SmtpError {
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

export function classify(error: unknown): FailureKind {
  const e = (error ?? {}) as SmtpError;
  if (e.code === 'EAUTH' || e.code === 'ENOAUTH' || e.responseCode === 535) return 'auth';
  if (typeof e.responseCode === 'number' && e.responseCode >= 500) return 'permanent';
  if (typeof e.responseCode === 'number' && e.responseCode >= 400) return 'temporary';
  return 'connection';
}

/** The server's own words, on one line, for the organisers. */
export function smtpAnswer(error: unknown): string {
  const e = (error ?? {}) as SmtpError;
  return (e.response ?? e.message ?? String(error)).replace(/\s+/g, ' ').trim().slice(0, 300);
}

/** One line saying what went wrong with the server as a whole and what to do about it. */
export function stopLine(error: unknown, server: string): string {
  const e = (error ?? {}) as SmtpError;
  if (classify(error) === 'auth')
    return `The SMTP server ${server} refused the login (${smtpAnswer(error)}): check the user and password in SMTP_URL (Gmail needs an app password)`;
  if (classify(error) === 'temporary')
    return `The SMTP server ${server} keeps answering "try later" (${smtpAnswer(error)}): wait a while (a rate or daily limit?), then run the same command again to continue`;
  const reason =
    e.code === 'EDNS' || /ENOTFOUND|EAI_AGAIN/.test(smtpAnswer(error))
      ? 'its name does not resolve'
      : e.code === 'ETIMEDOUT'
        ? 'it did not answer in time'
        : smtpAnswer(error);
  return `Could not reach the SMTP server ${server} (${reason}): check SMTP_URL and your network, then run the same command again`;
}

/** Checks the login before anything is sent: a refusal stops the command with one line. */
export async function verify(mailer: Mailer, smtpUrl: string) {
  try {
    await mailer.verify();
  } catch (error) {
    mailer.close();
    throw new CliError(stopLine(error, serverName(smtpUrl)));
  }
}
