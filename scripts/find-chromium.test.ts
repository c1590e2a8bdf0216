// The decision, with the finder and the installer injected: nothing is downloaded here.
import { describe, expect, it, vi } from 'vitest';
import { provideChromium } from './find-chromium.ts';

describe('provideChromium', () => {
  it('uses an installed Chromium and installs nothing', () => {
    const install = vi.fn(() => true);
    expect(provideChromium({ locate: () => '/usr/bin/chromium', install })).toBe(
      '/usr/bin/chromium',
    );
    expect(install).not.toHaveBeenCalled();
  });

  it("installs Playwright's own when none is found, and uses it", () => {
    let installed = false;
    const say = vi.fn();
    const path = provideChromium({
      locate: () => (installed ? '/root/.cache/ms-playwright/chromium/chrome' : null),
      install: () => (installed = true),
      say,
    });
    expect(path).toBe('/root/.cache/ms-playwright/chromium/chrome');
    expect(say).toHaveBeenCalledWith(expect.stringContaining('npx playwright install chromium'));
  });

  it('says in one sentence what to install when the install fails', () => {
    const run = () => provideChromium({ locate: () => null, install: () => false, say: () => {} });
    expect(run).toThrow(
      /^No Chromium found[^\n]*apt-get install -y chromium[^\n]*CHROMIUM_PATH[^\n]*\.$/,
    );
  });

  it('does not trust an install that reports success but leaves no browser', () => {
    const run = () => provideChromium({ locate: () => null, install: () => true, say: () => {} });
    expect(run).toThrow(/could not install one/);
  });

  it('stops at once on a CHROMIUM_PATH that does not exist, without installing', () => {
    const install = vi.fn(() => true);
    const locate = () => {
      throw new Error('CHROMIUM_PATH is /nope, which does not exist');
    };
    expect(() => provideChromium({ locate, install })).toThrow(/CHROMIUM_PATH/);
    expect(install).not.toHaveBeenCalled();
  });
});
