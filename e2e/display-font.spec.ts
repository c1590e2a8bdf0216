// The display face (docs/performance.md, "The site"): headings paint at once in a stand-in scaled
// to Anton's metrics, Anton arrives after the first frame, and the swap shifts the layout by less
// than the CLS budget and lays out again only the text set in it; later pages use the browser's
// kept copy; without JavaScript the page still gets Anton, under its policy.
import type { Page } from '@playwright/test';
import { SITE_BUDGET } from '../test-support/budgets.ts';
import { DESKTOP, PAGES, PHONE, expect, test } from './fixtures';

const FONT = '**/_astro/anton-*.woff2';

/** Every layout shift from the start of the page, as the Layout Instability API reports it. */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: string[] = [];
    (window as unknown as { __shifts: string[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const shift = entry as unknown as {
          value: number;
          sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
        };
        const moved = shift.sources.map(
          ({ node, previousRect: was, currentRect: now }) =>
            `"${node?.textContent?.trim().slice(0, 30)}" ${was.x},${was.y} ${was.width}x${was.height} to ${now.x},${now.y} ${now.width}x${now.height}`,
        );
        shifts.push(`${shift.value}: ${moved.join('; ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const antonLoaded = (page: Page) =>
  page.waitForFunction(() =>
    [...document.fonts].some((face) => face.family === 'Anton' && face.status === 'loaded'),
  );

/** The headings' font stack: the stand-in alone until Anton is ready, then Anton first. */
const STAND_IN = /^"Anton fallback", "Anton fallback Roboto"/;
const ANTON = /^Anton, "Anton fallback", "Anton fallback Roboto"/;

/** Every request the page makes for the font (`asked`), and those the server answered, not the
 * browser's HTTP cache (`fetched`). */
async function fontRequests(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const requests = { asked: 0, fetched: 0 };
  cdp.on('Network.responseReceived', ({ response }) => {
    if (!response.url.includes('/_astro/anton-')) return;
    requests.asked++;
    if (!response.fromDiskCache) requests.fetched++;
  });
  return requests;
}

for (const viewport of [PHONE, DESKTOP]) {
  for (const path of PAGES) {
    test(`${viewport.width} px ${path}: headings paint before Anton arrives, and its swap stays within the CLS budget`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await recordShifts(page);
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(FONT, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(path);
      // The page is laid out and painted with the stand-in while the font is held back.
      const display = page.locator('main .font-display').filter({ visible: true }).first();
      await expect(display).toBeVisible();
      const family = () => display.evaluate((element) => getComputedStyle(element).fontFamily);
      expect(await family()).toMatch(STAND_IN);
      release();
      await antonLoaded(page);
      await expect.poll(family).toMatch(ANTON);
      // Two frames for any shift to be reported.
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      const shifts = await page.evaluate(
        () => (window as unknown as { __shifts: string[] }).__shifts,
      );
      const total = shifts.reduce((sum, shift) => sum + Number.parseFloat(shift), 0);
      expect(total, shifts.join('\n')).toBeLessThanOrEqual(SITE_BUDGET.cls);
    });
  }
}

test('a later page uses the copy the browser kept, with no request; once it is gone, the font waits for the first paint again', async ({
  page,
}) => {
  const requests = await fontRequests(page);
  await page.goto('/about');
  await antonLoaded(page);
  // Loaded from the server once; kept from the HTTP cache.
  await expect.poll(() => requests).toEqual({ asked: 2, fetched: 1 });

  await page.goto('/speakers');
  await antonLoaded(page);
  expect(requests, 'the kept copy, no request at all').toEqual({ asked: 2, fetched: 1 });

  // Storage cleared (a phone short of space): like a first visit, the page paints in the
  // stand-in, and the font is asked for after the first paint, and kept again.
  await page.evaluate(async () => {
    for (const key of await caches.keys()) await caches.delete(key);
  });
  await page.goto('/');
  await antonLoaded(page);
  const [asked, painted] = await page.evaluate(() => [
    performance.getEntriesByType('resource').find((entry) => entry.name.includes('/_astro/anton-'))
      ?.startTime,
    performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
  ]);
  expect(asked).toBeGreaterThan(painted ?? Infinity);
  await expect.poll(() => page.evaluate(async () => (await caches.keys()).length)).toBe(1);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the page still loads Anton, and the policy allows it', async ({ page }) => {
    // A refused style or font would be a console error, which fails the test (consoleGuard).
    const font = page.waitForResponse(FONT);
    await page.goto('/about');
    expect((await font).status()).toBe(200);
  });
});
