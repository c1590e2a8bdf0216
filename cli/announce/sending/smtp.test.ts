import { describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../../test-support/smtp-sink.ts';
import { isLoopback } from '../../../platform/mail-server.ts';
import { openMailer, smtpOptions, stopLine } from './smtp.ts';

describe('the SMTP connection', () => {
  it('requires STARTTLS for smtp:// except on this machine', () => {
    expect(smtpOptions('smtp://u:p@smtp.gmail.com:587').requireTLS).toBe(true);
    expect(smtpOptions('smtps://u:p@smtp.gmail.com').requireTLS).toBe(false);
    expect(smtpOptions('smtps://u:p@smtp.gmail.com').secure).toBe(true);
    expect(smtpOptions('smtp://127.0.0.1:2525').requireTLS).toBe(false);
    expect(smtpOptions('smtp://localhost:2525').requireTLS).toBe(false);
    expect(smtpOptions('smtp://[::1]:2525').requireTLS).toBe(false);
    expect(isLoopback('127.0.0.1.evil.example')).toBe(false);
    expect(isLoopback('10.0.0.5')).toBe(false);
  });

  it('reads a password with / and @ percent-encoded', () => {
    const options = smtpOptions('smtp://me%40gmail.com:p%2Fa%40ss@smtp.gmail.com:587');
    expect(options.auth).toEqual({ user: 'me@gmail.com', pass: 'p/a@ss' });
  });
});

describe('the stop line', () => {
  it('tells smtps:// to a port that starts in plain text (587) what to use instead', async () => {
    const sink = await startSmtpSink();
    try {
      await expect(openMailer(`smtps://u:p@127.0.0.1:${sink.port}`)).rejects.toThrow(
        `The SMTP server 127.0.0.1:${sink.port} does not start with TLS on that port: use smtp://…:587 (STARTTLS), or smtps://…:465`,
      );
    } finally {
      await sink.close();
    }
  });

  it('says what to do in one line', () => {
    expect(
      stopLine({ code: 'EDNS', message: 'getaddrinfo ENOTFOUND smtp.nowhere' }, 'smtp.nowhere:587'),
    ).toBe(
      'Could not reach the SMTP server smtp.nowhere:587 (its name does not resolve): check SMTP_URL and your network, then run the same command again',
    );
    expect(stopLine({ code: 'EAUTH', responseCode: 535, response: '535 5.7.8 bad' }, 's:587')).toBe(
      'The SMTP server s:587 refused the login (535 5.7.8 bad): check the user and password in SMTP_URL (Gmail needs an app password)',
    );
    expect(
      stopLine({ code: 'ETLS', message: 'Error upgrading connection with STARTTLS' }, 's:587'),
    ).toMatch(/^The SMTP server s:587 offers no TLS, and the password is never sent in clear/);
    expect(stopLine({ code: 'ESOCKET', message: 'certificate has expired' }, 's:587')).toBe(
      "The SMTP server s:587 has a TLS certificate that cannot be trusted (certificate has expired), so the password was not sent: check the host name in SMTP_URL (your provider's own, e.g. smtp.gmail.com)",
    );
  });
});
