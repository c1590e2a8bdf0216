// Finds a Chromium for the browser tests, the audit and the share image; it downloads none. The
// browser tests take Chromium's headless shell first when it is installed (Debian's
// chromium-headless-shell): the same engine without the full browser, at half the CPU here.
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/**
 * How every tool here starts Chromium (browser tests, audit, share image), besides what Playwright
 * and Lighthouse's launcher already pass (no background traffic, first run or sync): no sandbox
 * (it runs as root in containers), no GPU, no /dev/shm (small in containers).
 */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];

/**
 * CHROMIUM_PATH, else the system's, else Playwright's (`headless`: a headless shell first). A
 * CHROMIUM_PATH that does not exist is an error, not a miss; so is no Chromium at all.
 */
export function findChromium(use: 'browser' | 'headless' = 'browser'): string {
  const chosen = process.env.CHROMIUM_PATH;
  if (chosen) {
    if (existsSync(chosen)) return chosen;
    throw new Error(
      `CHROMIUM_PATH is ${chosen}, which does not exist: point it at a Chromium binary or unset it.`,
    );
  }
  const shell = use === 'headless' ? ['/usr/bin/chromium-headless-shell'] : [];
  for (const candidate of [...shell, '/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (existsSync(candidate)) return candidate;
  }
  try {
    const bundled = chromium.executablePath(); // where `npx playwright install chromium` puts it
    if (existsSync(bundled)) return bundled;
  } catch {
    // Playwright has no browser of its own here
  }
  throw new Error(
    'No Chromium found: install one with `apt-get install -y chromium` (Debian) or ' +
      '`npx playwright install chromium`, or set CHROMIUM_PATH to a Chromium binary.',
  );
}
