import { describe, expect, it } from 'vitest';
import { smtpOptions } from '../cli/announce/sending/smtp.ts';
import { imapTarget } from '../cli/bounces/mailbox.ts';
import { isLoopback, mailServer } from './mail-server.ts';
import { loadSettings } from './settings.ts';

describe('the mail servers, read one way', () => {
  it('knows this machine with or without the brackets a URL keeps around ::1', () => {
    for (const host of ['localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]', 'LOCALHOST'])
      expect(isLoopback(host), host).toBe(true);
    for (const host of ['10.0.0.5', '127.0.0.1.evil.example', '[::2]', '::ffff:10.0.0.1'])
      expect(isLoopback(host), host).toBe(false);
  });

  it('takes plain imap:// on [::1] and connects without STARTTLS, to ::1', () => {
    const target = imapTarget(loadSettings({ IMAP_URL: 'imap://u:p@[::1]:1143/Bounces' }));
    expect(target).toMatchObject({ host: '::1', port: 1143, secure: false, mailbox: 'Bounces' });
    // scan: doSTARTTLS is !isLoopback(target.host) for plain imap://.
    expect(isLoopback(target.host)).toBe(true);
    expect(target.shown).toBe('Bounces on [::1]:1143');
  });

  it('sends over plain smtp:// on [::1] without requiring TLS, to ::1', () => {
    expect(smtpOptions('smtp://[::1]:2525')).toMatchObject({
      host: '::1',
      port: 2525,
      secure: false,
      requireTLS: false,
    });
  });

  it('reads the port by protocol and the login percent-decoded', () => {
    const ports = { secure: 465, plain: 587 };
    expect(mailServer(new URL('smtps://me%40x.ug:p%2Fw@smtp.x.ug'), ports)).toEqual({
      host: 'smtp.x.ug',
      port: 465,
      secure: true,
      user: 'me@x.ug',
      pass: 'p/w',
    });
    expect(mailServer(new URL('smtp://smtp.x.ug'), ports)).toMatchObject({ port: 587, user: '' });
  });
});
