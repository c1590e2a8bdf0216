// The display face (docs/performance.md, "The site"): headings paint at once in a stand-in scaled
// to Anton's metrics, Anton arrives after the first frame, and the swap shifts the layout by less
// than the CLS budget; later pages use the browser's kept copy; without JavaScript the page still
// gets Anton, under its policy.
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
      expect(await display.evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(
        /^Anton, "Anton fallback"/,
      );
      release();
      await antonLoaded(page);
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
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/_astro/anton-')) requests.push(request.url());
  });
  await page.goto('/about');
  await antonLoaded(page);
  expect(requests).toHaveLength(1);

  await page.goto('/speakers');
  await antonLoaded(page);
  expect(requests, 'the kept copy, not the network').toHaveLength(1);

  // Storage cleared (a phone short of space): like a first visit, the page paints in the
  // stand-in while the font is held back, and the font is fetched (and kept) again.
  await page.evaluate(async () => {
    for (const key of await caches.keys()) await caches.delete(key);
  });
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(FONT, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  await expect(page.locator('h1')).toBeVisible();
  expect(
    await page.evaluate(() =>
      [...document.fonts].some((face) => face.family === 'Anton' && face.status === 'loaded'),
    ),
  ).toBe(false);
  release();
  await antonLoaded(page);
  expect(requests).toHaveLength(2);
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
