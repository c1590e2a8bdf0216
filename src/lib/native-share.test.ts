// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enableNativeShare } from './native-share';

const MARKUP = `<ul><li hidden data-native-share><button type="button" data-text="Come" data-url="https://tedx.example/">Share</button></li></ul>`;

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('enableNativeShare', () => {
  it('leaves the button hidden where the browser has no share sheet', () => {
    document.body.innerHTML = MARKUP;
    vi.stubGlobal('navigator', { ...navigator, share: undefined });
    enableNativeShare();
    expect(document.querySelector<HTMLElement>('[data-native-share]')?.hidden).toBe(true);
  });

  it('shows it where there is one, and a click opens the sheet with the text and link', () => {
    document.body.innerHTML = MARKUP;
    document.title = 'Event';
    const share = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, share, canShare: () => true });
    enableNativeShare();
    const holder = document.querySelector<HTMLElement>('[data-native-share]');
    expect(holder?.hidden).toBe(false);
    holder?.querySelector('button')?.click();
    expect(share).toHaveBeenCalledWith({
      title: 'Event',
      text: 'Come',
      url: 'https://tedx.example/',
    });
  });
});
