import { describe, expect, it } from 'vitest';
import { mailMaker, messageId } from './compose.ts';
import { parseTemplate } from './message.ts';
import { mailKeys, mailToken, verifyMailToken } from '../../mail-token.ts';

const keys = mailKeys('k'.repeat(64));
const TEMPLATE = parseTemplate('---\nsubject: Tickets are open\n---\nHi {{first_name}},\n');

describe('Message-ID', () => {
  it('carries the mail token: stable per campaign and person, different otherwise', () => {
    const a = messageId(mailToken(keys, 'launch', 7), 'Tedx <hello@tedx.test>');
    expect(a).toBe(messageId(mailToken(keys, 'launch', 7), 'Tedx <hello@tedx.test>'));
    expect(a).toMatch(/^<launch\.[\w-]{22}\.[\w-]{22}@tedx\.test>$/);
    expect(messageId(mailToken(keys, 'launch', 8), 'hello@tedx.test')).not.toBe(a);
    expect(messageId(mailToken(keys, 'other', 7), 'hello@tedx.test')).not.toBe(a);
  });
});

describe('the mail a person gets', () => {
  it('carries the token in its own header too; a preview carries none', () => {
    const make = mailMaker({
      from: 'Tedx <hello@tedx.test>',
      siteUrl: 'https://tedx.test',
      unsubscribeEndpoint: 'https://tedx.test/unsubscribe',
      template: TEMPLATE,
    });
    const person = { email: 'a@example.org', first_name: null, token: 't' };
    const token = mailToken(keys, 'launch', 7);
    const { mail } = make(person, messageId(token, 'hello@tedx.test'), token);
    const header = (mail.headers as Record<string, string>)['X-Campaign-Token'];
    expect(verifyMailToken(keys, header)).toEqual({ campaign: 'launch', personId: 7 });
    const preview = make(person, '<test.1@tedx.test>').mail;
    expect(Object.keys(preview.headers as object)).not.toContain('X-Campaign-Token');
  });
});

describe('the person’s links', () => {
  it.each(['https://tedx.test/unsubscribe', 'https://ref.supabase.co/functions/v1/unsubscribe'])(
    'with UNSUBSCRIBE_URL %s, "Your data" is the site’s /your-data/',
    (endpoint) => {
      const make = mailMaker({
        from: 'hello@tedx.test',
        siteUrl: 'https://tedx.test',
        unsubscribeEndpoint: endpoint,
        template: TEMPLATE,
      });
      const { mail } = make({ email: 'a@example.org', first_name: null, token: 't-1' }, '<x@y>');
      const yourData = 'https://tedx.test/your-data/?token=t-1';
      expect(mail.text).toContain(`Your data (see, correct or erase what we hold): ${yourData}\n`);
      expect(String(mail.html)).toContain(`<a href="${yourData}"`);
      expect(mail.text).toContain(`${endpoint}?token=t-1`);
    },
  );
});
