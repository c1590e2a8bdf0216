import { describe, expect, it } from 'vitest';
import { loadSettings } from '../../platform/settings.ts';
import { imapTarget } from './mailbox.ts';

describe('which mailbox bounces reads', () => {
  it('IMAP_URL, its login percent-decoded, its mailbox at the end', () => {
    const target = imapTarget(
      loadSettings({ IMAP_URL: 'imaps://me%40uni.ac.ug:p%2Fss@mail.uni.ac.ug/Sent%20Bounces' }),
    );
    expect(target).toMatchObject({
      host: 'mail.uni.ac.ug',
      port: 993,
      secure: true,
      user: 'me@uni.ac.ug',
      pass: 'p/ss',
      mailbox: 'Sent Bounces',
      shown: 'Sent Bounces on mail.uni.ac.ug:993',
    });
  });

  it("Gmail's when SMTP_URL sends through Gmail: the same login, INBOX", () => {
    const target = imapTarget(
      loadSettings({ SMTP_URL: 'smtps://me%40gmail.com:app-pass@smtp.gmail.com:465' }),
    );
    expect(target).toMatchObject({
      host: 'imap.gmail.com',
      port: 993,
      secure: true,
      user: 'me@gmail.com',
      pass: 'app-pass',
      mailbox: 'INBOX',
    });
  });

  it('otherwise says in one line what to set', () => {
    expect(() =>
      imapTarget(loadSettings({ SMTP_URL: 'smtp://u:p@smtp-relay.brevo.com:587' })),
    ).toThrow('Set IMAP_URL (imaps://user:password@host:993/INBOX) to read the sending mailbox');
  });
});
