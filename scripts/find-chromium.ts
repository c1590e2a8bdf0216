// Finds a Chromium for browser tests and audits. Nothing here may download a browser, so we look
// for one that is already installed and say plainly what to do when there is none.
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

export function findChromium(): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  for (const candidate of candidates) if (candidate && existsSync(candidate)) return candidate;
  try {
    const bundled = chromium.executablePath();
    if (existsSync(bundled)) return bundled;
  } catch {
    // Playwright has no browser of its own here
  }
  throw new Error(
    'No Chromium found: install one (Debian: `apt-get install -y chromium`; elsewhere: ' +
      '`npx playwright install chromium`) or set CHROMIUM_PATH to its executable.',
  );
}
