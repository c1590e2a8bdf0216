// Finds a Chromium for the browser tests and the audit. Nothing here may download a browser, so
// we take one that is installed and say plainly what to do when there is none.
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/**
 * How every tool here starts Chromium (browser tests, audit, share image): no sandbox (it runs as
 * root in containers), no GPU, and none of the background traffic that would skew a measurement.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function findChromium(): string {
  const chosen = process.env.CHROMIUM_PATH;
  if (chosen) {
    if (existsSync(chosen)) return chosen;
    throw new Error(
      `CHROMIUM_PATH is ${chosen}, which does not exist: point it at a Chromium binary or unset it.`,
    );
  }
  for (const candidate of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (existsSync(candidate)) return candidate;
  }
  try {
    const bundled = chromium.executablePath(); // one `npx playwright install chromium` put in place
    if (existsSync(bundled)) return bundled;
  } catch {
    // Playwright has no browser of its own here
  }
  throw new Error(
    'No Chromium found: install one with `apt-get install chromium` (Debian) or ' +
      '`npx playwright install chromium`, or set CHROMIUM_PATH to a Chromium binary.',
  );
}
