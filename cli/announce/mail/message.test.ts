import { describe, expect, it } from 'vitest';
import { EVENT_DATE_LONG, EVENT_FULL_NAME } from '../../../content/event.ts';
import { CliError } from '../../cli-error.ts';
import { parseTemplate, prepareMessage, readTemplate } from './message.ts';
import { markdownToText } from './plain-text.ts';

const SOURCE = `---
subject: 'Hello {{first_name}}, {{event_name}}'
fallback_name: friend
---
Hi {{first_name}},

**Big news** on {{event_date}}.

[See who's coming]({{site_url}}/speakers/)
`;

describe('the launch message', () => {
  const prepared = prepareMessage(parseTemplate(SOURCE), 'https://tedx.test');
  const personalise = (
    name: string | null,
    unsubscribe: string,
    yourData = 'https://tedx.test/y',
  ) => prepared(name, { unsubscribe, yourData });

  it('fills in the first name, or the fallback greeting', () => {
    expect(personalise('Ann', 'https://tedx.test/u').text).toMatch(/^Hi Ann,/);
    expect(personalise(null, 'https://tedx.test/u').text).toMatch(/^Hi friend,/);
    expect(personalise('  ', 'https://tedx.test/u').subject).toBe(
      `Hello friend, ${EVENT_FULL_NAME}`,
    );
  });

  it('greets by a name only when it looks like one (cli/greeting.ts)', () => {
    const mail = personalise('<img src=x onerror=alert(1)>\r\nBcc: x@y.z', 'https://tedx.test/u');
    expect(mail.html).toContain('Hi friend,');
    expect(mail.html).not.toContain('<img');
    expect(mail.subject).toBe(`Hello friend, ${EVENT_FULL_NAME}`);
    expect(personalise('Visit evil.example now', 'https://tedx.test/u').text).toMatch(
      /^Hi friend,/,
    );
    expect(personalise("N'Goran Nakato-Ssali", 'https://tedx.test/u').html).toContain(
      'Hi N&#39;Goran Nakato-Ssali,',
    );
  });

  it('reads the event date from content and puts both of the person’s links in both parts', () => {
    const mail = personalise(
      'Ann',
      'https://tedx.test/unsubscribe?token=a&b',
      'https://tedx.test/your-data?token=a&b',
    );
    expect(mail.text).toContain(`on ${EVENT_DATE_LONG}.`);
    expect(mail.text).toContain("See who's coming: https://tedx.test/speakers/?utm_source=email");
    expect(mail.text).toContain('Unsubscribe (one click): https://tedx.test/unsubscribe?token=a&b');
    expect(mail.html).toContain('href="https://tedx.test/unsubscribe?token=a&amp;b"');
    expect(mail.text).toContain(
      'Your data (see, correct or erase what we hold): https://tedx.test/your-data?token=a&b',
    );
    expect(mail.html).toContain('<a href="https://tedx.test/your-data?token=a&amp;b"');
    expect(mail.html).toContain('<html lang="en">');
    // A paragraph that is only a link is a button.
    expect(mail.html).toContain(
      '<a href="https://tedx.test/speakers/?utm_source=email" style="display:inline-block;',
    );
  });

  it('refuses a message without a subject, in one line', () => {
    expect(() => parseTemplate('---\ntitle: x\n---\nHi', 'msg.md')).toThrow(
      new CliError('msg.md: set "subject:" in its front matter'),
    );
  });

  it('ships a default message that renders', () => {
    const mail = prepareMessage(readTemplate(), 'https://tedx.test')(null, {
      unsubscribe: 'https://tedx.test/u',
      yourData: 'https://tedx.test/y',
    });
    expect(mail.subject).toContain(EVENT_FULL_NAME);
    expect(mail.text).toMatch(/^Hi there,/);
    expect(mail.html).toContain('https://tedx.test/speakers/');
  });
});

describe('markdownToText', () => {
  it('keeps text readable: links spelled out, emphasis and heading marks dropped', () => {
    expect(markdownToText('# Title\n\nA **bold** and _quiet_ [link](https://x.y).')).toBe(
      'Title\n\nA bold and quiet link: https://x.y.',
    );
  });

  it('joins a wrapped paragraph into one line, and keeps hard breaks and lists', () => {
    expect(markdownToText('See you soon,\\\nThe team\nand  \nfriends\n\nNext:\n- one\n- two')).toBe(
      'See you soon,\nThe team and\nfriends\n\nNext:\n- one\n- two',
    );
  });

  it('reads what marked reads: lists with their numbers and nesting, images, code as written', () => {
    const source =
      '3. three\n4. four\n   - under four\n\n![The venue](https://x.y/v.jpg) and `npm test`';
    expect(markdownToText(source)).toBe(
      '3. three\n4. four\n  - under four\n\nThe venue: https://x.y/v.jpg and `npm test`',
    );
  });
});
