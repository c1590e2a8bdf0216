// Nothing runs before the visitor needs it (docs/performance.md, "The site"): the islands on `/`
// hydrate only as they come near the viewport, so a visitor who reads the top of the page loads
// and runs no React; the navigation follows the scroll with plain script; the countdown already
// shows live digits when it scrolls into view at a reading pace; and a form typed into before
// its island hydrated keeps what was typed.
import type { Page, Request } from '@playwright/test';
import { DESKTOP, PHONE, expect, isInsert, test, uniqueEmail } from './fixtures';

/** Every script the page requests from now on (the page's own scripts are inline in its HTML). */
function recordScripts(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request: Request) => {
    if (request.resourceType() === 'script') urls.push(new URL(request.url()).pathname);
  });
  return urls;
}

const waiting = (page: Page) => page.locator('astro-island[ssr]');

function countdownBlock(page: Page) {
  return page.getByRole('region', { name: 'Event Launching In' });
}

for (const viewport of [PHONE, DESKTOP]) {
  test(`${viewport.width} px: reading the top of / loads no React and hydrates nothing`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const scripts = recordScripts(page);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    // Time enough for an idle-time hydration, had there been one.
    await page.waitForTimeout(1500);
    // A visitor reading the first screen and a half.
    await page.mouse.wheel(0, viewport.height / 2);
    await page.waitForTimeout(500);
    await expect(waiting(page)).toHaveCount(2);
    expect(scripts, 'scripts requested while reading the top').toEqual([]);
  });
}

test('the navigation marks the section in view with no island code loaded', async ({ page }) => {
  // The islands' code never arrives: what follows needs none of it.
  await page.route('**/_astro/*.js', () => undefined);
  await page.goto('/');
  const about = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'About', exact: true });
  await expect(about).not.toHaveAttribute('aria-current');
  await page.locator('#about-section').evaluate((section) =>
    // 100 px below the top, as the nav's own jump lands it: above the 150 px probe line.
    scrollTo({ top: section.getBoundingClientRect().top + scrollY - 100, behavior: 'instant' }),
  );
  await expect(about).toHaveAttribute('aria-current', 'true');
  await page.evaluate(() => scrollTo({ top: 0, behavior: 'instant' }));
  await expect(about).not.toHaveAttribute('aria-current');
  await expect(waiting(page)).toHaveCount(2);
});

test('390 px: the countdown shows live digits whenever it is on screen, scrolling at a reading pace', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize(PHONE);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const block = countdownBlock(page);
  const digits = block.locator('astro-island ul');
  const seen: string[] = [];
  // About 1,000 px a second: 100 px every 100 ms, until the countdown is well in view.
  for (let step = 0; step < 200; step++) {
    await page.mouse.wheel(0, 100);
    await page.waitForTimeout(100);
    const box = await block.boundingBox();
    if (!box || box.y > PHONE.height) continue;
    // Any part of it on screen: the digits read must already be live ones.
    seen.push((await digits.innerText()).replace(/\s+/g, ' '));
    if (box.y + box.height < PHONE.height) break;
  }
  expect(seen.length, 'the countdown came into view').toBeGreaterThan(0);
  for (const text of seen) expect(text).not.toContain('--');
  await expect(digits).toHaveText(/^(\s*\d{2,}\s*[A-Z]+\s*){4}$/i);
});

test('a form typed into before its island hydrates keeps what was typed, then sends it', async ({
  page,
}) => {
  // Hold the islands' code back until the visitor has typed.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_astro/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/#email-signup');
  const section = page.locator('#email-signup');
  const island = section.locator('astro-island');
  await expect(island).toHaveAttribute('ssr', '');
  const address = uniqueEmail('before-hydration');
  await section.getByRole('textbox', { name: /first name/i }).fill('Ada');
  await section.getByRole('textbox', { name: /email/i }).fill(address);
  release();
  await expect(island).not.toHaveAttribute('ssr');
  await expect(section.getByRole('textbox', { name: /first name/i })).toHaveValue('Ada');
  await expect(section.getByRole('textbox', { name: /email/i })).toHaveValue(address);
  // Hydrated: the island sends it through supabase-js, with no page load.
  const inserted = page.waitForRequest(isInsert);
  await section.getByRole('button', { name: 'Notify Me' }).click();
  expect((await inserted).postDataJSON()).toEqual({ email: address, first_name: 'Ada' });
  await expect(section.getByText('Thanks for subscribing!')).toBeVisible();
});
