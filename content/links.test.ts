import { describe, expect, it } from 'vitest';
import { TEDX_PROGRAM_LINK, WHATSAPP_CHANNEL } from './links';

// What organisers paste in links.ts is checked here, so a wrong link fails the tests rather than
// reaching subscribers.
describe('links organisers set', () => {
  it('the WhatsApp Channel is empty (nothing shown) or a channel link', () => {
    expect(WHATSAPP_CHANNEL.href).toMatch(
      /^(?:|https:\/\/(?:www\.)?whatsapp\.com\/channel\/[A-Za-z0-9]+)$/,
    );
  });

  it('the TEDx program link is the one TED names in its rules', () => {
    expect(TEDX_PROGRAM_LINK.href).toBe(
      'https://www.ted.com/about/programs-initiatives/tedx-program',
    );
  });
});
