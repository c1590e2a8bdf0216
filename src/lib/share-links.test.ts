import { describe, expect, it } from 'vitest';
import { SHARE_TARGETS } from '../../content/share';
import { shareUrl } from './share-links';

const PAGE = 'https://tedx.example.ug/';
const TEXT = 'Save the date: a & b, 100% #ideas';

describe('shareUrl', () => {
  it('WhatsApp carries the text and the link in one encoded parameter', () => {
    const url = new URL(shareUrl('whatsapp', PAGE, TEXT));
    expect(url.origin).toBe('https://wa.me');
    expect(url.searchParams.get('text')).toBe(`${TEXT} ${PAGE}?utm_source=whatsapp`);
  });

  it('X carries text and url separately', () => {
    const url = new URL(shareUrl('x', PAGE, TEXT));
    expect(url.origin).toBe('https://x.com');
    expect(url.searchParams.get('text')).toBe(TEXT);
    expect(url.searchParams.get('url')).toBe(`${PAGE}?utm_source=x`);
  });

  it('LinkedIn and Facebook carry the page address', () => {
    expect(new URL(shareUrl('linkedin', PAGE, TEXT)).searchParams.get('url')).toBe(
      `${PAGE}?utm_source=linkedin`,
    );
    expect(new URL(shareUrl('facebook', PAGE, TEXT)).searchParams.get('u')).toBe(
      `${PAGE}?utm_source=facebook`,
    );
  });

  it('every target is https and WhatsApp comes first', () => {
    expect(SHARE_TARGETS[0].target).toBe('whatsapp');
    for (const { target } of SHARE_TARGETS) {
      expect(new URL(shareUrl(target, PAGE, TEXT)).protocol).toBe('https:');
    }
  });
});
