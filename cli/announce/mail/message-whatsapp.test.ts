import { describe, expect, it } from 'vitest';
import { WHATSAPP_CHANNEL } from '../../../content/links.ts';
import { prepareMessage, readTemplate } from './message.ts';

const SITE = 'https://tedx.test';
const CHANNEL = 'https://whatsapp.com/channel/0029VaTEDxKampalaBS0test';
const render = (channel?: string) =>
  prepareMessage(
    readTemplate(),
    SITE,
    channel,
  )('Ann', {
    unsubscribe: `${SITE}/unsubscribe?token=t`,
    yourData: `${SITE}/your-data?token=t`,
  });

describe('the launch mail and the WhatsApp Channel', () => {
  it('offers the channel in the text part, before the footer', () => {
    const { text } = render(CHANNEL);
    expect(text).toContain(`\n\nFollow us on WhatsApp: ${CHANNEL}\n\n--\n`);
    expect(text.split(CHANNEL)).toHaveLength(2);
  });

  it('offers the channel in the HTML part as a link, without utm marks or images', () => {
    const { html } = render(CHANNEL);
    expect(html).toMatch(
      new RegExp(`<a href="${CHANNEL}" style="[^"]*">Follow us on WhatsApp</a>`),
    );
    expect(html.split(CHANNEL)).toHaveLength(2);
    // Above the footer line that says why the mail came.
    expect(html.indexOf(CHANNEL)).toBeLessThan(html.indexOf('You are getting this because'));
    expect(html).not.toMatch(/<img\b/i);
  });

  it('says nothing about WhatsApp in either part while the address is empty', () => {
    const { text, html } = render('');
    expect(text).not.toMatch(/whatsapp/i);
    expect(html).not.toMatch(/whatsapp/i);
  });

  it('reads the address from content/links.ts unless given', () => {
    const { text } = render();
    if (WHATSAPP_CHANNEL.href)
      expect(text).toContain(`Follow us on WhatsApp: ${WHATSAPP_CHANNEL.href}`);
    else expect(text).not.toMatch(/whatsapp/i);
  });
});
