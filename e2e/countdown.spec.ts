// The countdown: to the launch moment (LAUNCH_AT in content/event.ts),
// two digits per box, refreshed every second, all zero at and after launch. Time is controlled
// with page.clock, always relative to the launch moment, so the specs hold for any edition.
import type { Page } from '@playwright/test';
import {
  boxOf,
  expect,
  expectNoAxeViolations,
  test,
  waitForIslands,
  writtenText,
} from './fixtures';
import { LAUNCH_AT_MS } from '../content/event.ts';

const UNITS = ['Days', 'Hours', 'Minutes', 'Seconds'] as const;

/** The block titled 'Event Launching In' that holds the four boxes. */
function countdownBlock(page: Page) {
  return page
    .locator('section, div')
    .filter({ has: page.getByRole('heading', { name: 'Event Launching In' }) })
    .filter({ hasText: /Seconds/i })
    .last();
}

/** The four values, read box by box: [days, hours, minutes, seconds]. */
async function readCountdown(page: Page): Promise<string[]> {
  const text = await writtenText(countdownBlock(page));
  return UNITS.map((unit) => {
    const match =
      new RegExp(`(\\d+|--)\\s*${unit}`, 'i').exec(text) ??
      new RegExp(`${unit}\\s*(\\d+|--)`, 'i').exec(text);
    return match ? match[1] : `(no ${unit} box in "${text}")`;
  });
}

async function expectCountdown(page: Page, expected: string[]): Promise<void> {
  await expect
    .poll(() => readCountdown(page), { message: 'countdown boxes (days, hours, minutes, seconds)' })
    .toEqual(expected);
}

const SECOND = 1000;
const DAY = 86_400 * SECOND;
/** A moment relative to the launch: launch(-2 * SECOND) is two seconds before it. */
const launch = (offset: number) => new Date(LAUNCH_AT_MS + offset);

/** The countdown hydrates as it comes near the viewport: scroll to it as a visitor would. */
async function scrollToCountdown(page: Page): Promise<void> {
  await countdownBlock(page).scrollIntoViewIfNeeded();
}

/** Load `/` with the browser clock at `start`, wait for the countdown to run, then freeze time at `at`. */
async function openHomeAt(page: Page, start: Date, at: Date): Promise<void> {
  await page.clock.install({ time: start });
  await page.goto('/');
  await scrollToCountdown(page);
  await expect
    .poll(async () => (await readCountdown(page)).every((value) => /^\d{2}$/.test(value)))
    .toBe(true);
  await page.clock.pauseAt(at);
}

test.describe('countdown', () => {
  test('has four labelled boxes', async ({ page }) => {
    await page.goto('/');
    const block = countdownBlock(page);
    await expect(block.getByRole('heading', { name: 'Event Launching In' })).toBeVisible();
    for (const unit of UNITS) await expect(block.getByText(unit, { exact: true })).toBeVisible();
  });

  test('before launch shows the time left in two-digit boxes and ticks every second', async ({
    page,
  }) => {
    // One day and two seconds before the launch moment.
    await openHomeAt(page, launch(-DAY - 30 * SECOND), launch(-DAY - 2 * SECOND));
    await expectCountdown(page, ['01', '00', '00', '02']);
    await page.clock.runFor(1000);
    await expectCountdown(page, ['01', '00', '00', '01']);
    await page.clock.runFor(1000);
    await expectCountdown(page, ['01', '00', '00', '00']);
    await page.clock.runFor(1000);
    await expectCountdown(page, ['00', '23', '59', '59']);
    // Live digits pass axe too; axe needs a running clock.
    await page.clock.resume();
    await expectNoAxeViolations(page);
  });

  test('counts to the same moment in any time zone', async ({ browser }) => {
    const context = await browser.newContext({ timezoneId: 'America/Los_Angeles' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(String(error)));
    // 12 days, 3 hours, 4 minutes and 5 seconds before the launch moment.
    const before = 12 * DAY + ((3 * 60 + 4) * 60 + 5) * SECOND;
    await openHomeAt(page, launch(-before - 55 * SECOND), launch(-before));
    await expectCountdown(page, ['12', '03', '04', '05']);
    await context.close();
    expect(errors).toEqual([]);
  });

  test('reads all zero at the launch moment and stays zero after it', async ({ page }) => {
    await openHomeAt(page, launch(-20 * SECOND), launch(-2 * SECOND));
    await expectCountdown(page, ['00', '00', '00', '02']);
    await page.clock.runFor(2000);
    await expectCountdown(page, ['00', '00', '00', '00']);
    await page.clock.runFor(5000);
    await expectCountdown(page, ['00', '00', '00', '00']);
    await page.clock.resume();
  });

  test('long after launch, the live page shows zeros', async ({ page }) => {
    await page.clock.install({ time: launch(30 * DAY) });
    await page.goto('/');
    await scrollToCountdown(page);
    await expectCountdown(page, ['00', '00', '00', '00']);
  });

  test('starts without a layout shift: the boxes keep their size when the digits arrive', async ({
    page,
    request,
  }) => {
    // The prerendered page already holds the four boxes (placeholder digits until hydration).
    const html = await (await request.get('/')).text();
    for (const unit of UNITS) expect(html).toContain(unit);
    expect(html).toContain('Event Launching In');

    await page.route('**/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    await page.clock.install({ time: launch(30 * DAY) });
    await page.goto('/', { waitUntil: 'commit' });
    const block = countdownBlock(page);
    await block.waitFor();
    const before = await boxOf(block);
    await scrollToCountdown(page);
    await expectCountdown(page, ['00', '00', '00', '00']);
    const after = await boxOf(block);
    expect(after.height).toBeCloseTo(before.height, 0);
    expect(after.width).toBeCloseTo(before.width, 0);
  });
});

test('an island that throws shows the generic fallback; the rest of the page keeps working', async ({
  page,
  consoleGuard,
}) => {
  // The fallback logs what it caught; that error, and only it, is expected here.
  consoleGuard.allow(/e2e: clock broken/);
  await page.goto('/');
  await waitForIslands(page);
  // The countdown reads the clock on every tick: break the clock and its next render throws.
  await page.evaluate(() => {
    Date.now = () => {
      throw new Error('e2e: clock broken');
    };
  });
  const block = page.getByRole('region', { name: 'Event Launching In' });
  await expect(block.getByText('Unexpected Application Error!')).toBeVisible();
  expect(consoleGuard.errors.some((text) => text.includes('e2e: clock broken'))).toBe(true);
  // Other islands are untouched.
  await expect(
    page.locator('#email-signup').getByRole('textbox', { name: /email/i }),
  ).toBeEditable();
  await expect(page.getByText('Unexpected Application Error!')).toHaveCount(1);
});
