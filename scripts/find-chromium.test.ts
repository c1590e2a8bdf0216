// The finder downloads nothing: it takes CHROMIUM_PATH at its word, or says in one line what to do.
import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findChromium } from './find-chromium.ts';

afterEach(() => vi.unstubAllEnvs());

/** Debian's chromium-headless-shell (.ci/run installs it). */
const SHELL = '/usr/bin/chromium-headless-shell';

describe('findChromium', () => {
  it('uses CHROMIUM_PATH when it names a file', () => {
    vi.stubEnv('CHROMIUM_PATH', process.execPath);
    expect(findChromium()).toBe(process.execPath);
  });

  it('stops at once, in one line, on a CHROMIUM_PATH that does not exist', () => {
    vi.stubEnv('CHROMIUM_PATH', '/nope/chromium');
    expect(findChromium).toThrow(/^CHROMIUM_PATH is \/nope\/chromium, which does not exist[^\n]*$/);
  });

  it.skipIf(!existsSync(SHELL))(
    'gives the browser tests the headless shell, the rest the full Chromium',
    () => {
      expect(findChromium('headless')).toBe(SHELL);
      expect(findChromium()).not.toBe(SHELL);
      vi.stubEnv('CHROMIUM_PATH', process.execPath);
      expect(findChromium('headless')).toBe(process.execPath);
    },
  );
});
