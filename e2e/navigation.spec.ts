// Navigation rules: four items, scroll offset 100 px, active item with a
// 150 px offset on `/`, the route's item elsewhere, keyboard and phone-width operation.
import type { Locator, Page } from '@playwright/test';
import {
  NARROWEST,
  PAGES,
  PHONE,
  boxOf,
  expect,
  expectLandedAtOffset,
  test,
  waitForIslands,
} from './fixtures';
import { HASH_SCROLL_DELAY_MS } from '../content/timing.ts';

const ITEMS = ['About', 'Meet the Team', 'Press & Media', 'About TED/TEDx'] as const;
const SCROLL_ITEMS: [string, string][] = [
  ['About', 'about-section'],
  ['Meet the Team', 'organizing-team'],
  ['Press & Media', 'media-press'],
];
const ACTIVE_OFFSET = 150;

/** The site's main navigation bar: the navigation landmark in the page header. */
function navBar(page: Page): Locator {
  return page.getByRole('banner').getByRole('navigation').first();
}

function navItem(page: Page, name: string): Locator {
  return navBar(page).getByRole('link', { name, exact: true }).filter({ visible: true }).first();
}

/** Document offset of an element's top, i.e. the scrollY at which it touches the viewport top. */
async function documentTop(page: Page, id: string): Promise<number> {
  return page.evaluate((elementId) => {
    const element = document.getElementById(elementId);
    if (!element) throw new Error(`no element with id ${elementId}`);
    return element.getBoundingClientRect().top + window.scrollY;
  }, id);
}

async function scrollInstantlyTo(page: Page, y: number): Promise<number> {
  return page.evaluate((target) => {
    window.scrollTo({ top: target, behavior: 'instant' });
    window.dispatchEvent(new Event('scroll'));
    return window.scrollY;
  }, y);
}

test.describe('navigation bar on desktop', () => {
  test('stays fixed at the top while the page scrolls', async ({ page }) => {
    await page.goto('/');
    const bar = page.getByRole('banner');
    await page.mouse.wheel(0, 2500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await expect(navItem(page, 'About TED/TEDx')).toBeInViewport();
    expect((await boxOf(bar)).y).toBe(0);
  });

  test('has the four items in order', async ({ page }) => {
    await page.goto('/');
    const names = await navBar(page)
      .getByRole('link')
      .filter({ visible: true })
      .evaluateAll((links) =>
        links.map((link) => (link.textContent ?? '').replace(/\s+/g, ' ').trim()),
      );
    const items = names.filter((name) => (ITEMS as readonly string[]).includes(name));
    expect(items).toEqual([...ITEMS]);
    await expect(navItem(page, 'About TED/TEDx')).toHaveAttribute('href', /^\/about\/?$/);
  });

  for (const [name, id] of SCROLL_ITEMS) {
    test(`'${name}' on / scrolls #${id} to 100 px below the top and becomes current`, async ({
      page,
    }) => {
      await page.goto('/');
      await waitForIslands(page);
      await navItem(page, name).click();
      await expectLandedAtOffset(page, id);
      await expect(page).toHaveURL(/\/(#.*)?$/);
      // Its top is now above the 150 px line, so it is the active item.
      await expect(navItem(page, name)).toHaveAttribute('aria-current', 'true');
      await expect(navBar(page).locator('[aria-current]:visible')).toHaveCount(1);
    });
  }

  test("'Meet the Team' on /about goes to / and lands the team 100 px below the top", async ({
    page,
  }) => {
    // The page's clock, so the delayed scroll's timer can be run on demand, not waited for.
    await page.clock.install();
    await page.goto('/about');
    await navItem(page, 'Meet the Team').click();
    await expect(page).toHaveURL(/^[^#]*\/(#organizing-team)?$/);
    expect(new URL(page.url()).pathname).toBe('/');
    await expectLandedAtOffset(page, 'organizing-team');
    // The delayed scroll (HASH_SCROLL_DELAY_MS after hydration) must not move it away again.
    await waitForIslands(page);
    await page.clock.runFor(HASH_SCROLL_DELAY_MS * 4);
    await expectLandedAtOffset(page, 'organizing-team');
  });

  test("'About' on /speakers goes to / and lands the about section 100 px below the top", async ({
    page,
  }) => {
    await page.goto('/speakers');
    await navItem(page, 'About').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await expectLandedAtOffset(page, 'about-section');
  });

  test("'About TED/TEDx' navigates to /about and is the current page there", async ({ page }) => {
    await page.goto('/');
    await navItem(page, 'About TED/TEDx').click();
    await expect(page).toHaveURL(/\/about\/?$/);
    await expect(navItem(page, 'About TED/TEDx')).toHaveAttribute('aria-current', 'page');
    for (const name of ['About', 'Meet the Team', 'Press & Media']) {
      await expect(navItem(page, name)).not.toHaveAttribute('aria-current', /.+/);
    }
  });

  test('on /speakers no item matches the path, so none is current', async ({ page }) => {
    await page.goto('/speakers');
    await page.mouse.wheel(0, 1500);
    await expect(navBar(page).locator('[aria-current]')).toHaveCount(0);
  });

  test('on / the active item follows the scroll position with a 150 px offset', async ({
    page,
  }) => {
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const current = navBar(page).locator('[aria-current]:visible');

    // At the very top no section item is active.
    await scrollInstantlyTo(page, 0);
    await expect(navItem(page, 'About')).not.toHaveAttribute('aria-current', /.+/);

    for (const [name, id] of SCROLL_ITEMS) {
      const top = await documentTop(page, id);
      const maxScroll = await page.evaluate(
        () => document.documentElement.scrollHeight - window.innerHeight,
      );
      if (top - ACTIVE_OFFSET + 10 > maxScroll) {
        // The page cannot scroll far enough for this section's threshold; at the very bottom the
        // last section reached must be the active one.
        continue;
      }
      // 10 px before the section's top reaches the 150 px line: not yet active.
      await scrollInstantlyTo(page, top - ACTIVE_OFFSET - 10);
      await expect(navItem(page, name), `${name} before its threshold`).not.toHaveAttribute(
        'aria-current',
        /.+/,
      );
      // 10 px past the line: active, with aria-current="true" (a section, not a page).
      await scrollInstantlyTo(page, top - ACTIVE_OFFSET + 10);
      await expect(navItem(page, name), `${name} past its threshold`).toHaveAttribute(
        'aria-current',
        'true',
      );
      await expect(current).toHaveCount(1);
    }
  });

  test('is operable by keyboard: Tab to an item, Enter to follow it', async ({ page }) => {
    await page.goto('/');
    const target = navItem(page, 'Meet the Team');
    let reached = false;
    for (let press = 0; press < 12 && !reached; press += 1) {
      await page.keyboard.press('Tab');
      reached = await target.evaluate((element) => element === document.activeElement);
    }
    expect(reached, 'Tab reaches the Meet the Team item').toBe(true);
    await expect(target).toBeFocused();
    // Visible focus: an outline or a box shadow on the focused item.
    const ring = await target.evaluate((element) => {
      const style = getComputedStyle(element);
      return (
        (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
        style.boxShadow !== 'none'
      );
    });
    expect(ring, 'visible focus indicator').toBe(true);
    await page.keyboard.press('Enter');
    await expectLandedAtOffset(page, 'organizing-team');

    // Two items further on is the route item; Enter follows it.
    await target.focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(navItem(page, 'About TED/TEDx')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/about\/?$/);
  });
});

test.describe('navigation at phone width', () => {
  test.use({ viewport: PHONE });

  test('a compact menu opens and its items work', async ({ page }) => {
    await page.goto('/');
    const menuButton = navBar(page).getByRole('button', { name: /menu/i });
    await expect(menuButton).toBeVisible();
    // The desktop list is hidden; items appear only once the menu is open.
    await expect(
      navBar(page)
        .getByRole('link', { name: 'Meet the Team', exact: true })
        .filter({ visible: true }),
    ).toHaveCount(0);
    await menuButton.click();
    const meetTheTeam = navBar(page)
      .getByRole('link', { name: 'Meet the Team', exact: true })
      .filter({ visible: true });
    await expect(meetTheTeam).toHaveCount(1);
    for (const name of ITEMS) {
      await expect(
        navBar(page).getByRole('link', { name, exact: true }).filter({ visible: true }),
      ).toHaveCount(1);
    }
    await meetTheTeam.click();
    await expectLandedAtOffset(page, 'organizing-team');

    // From another page the menu's route item navigates.
    await page.goto('/speakers');
    await navBar(page).getByRole('button', { name: /menu/i }).click();
    await navBar(page)
      .getByRole('link', { name: 'About TED/TEDx', exact: true })
      .filter({ visible: true })
      .click();
    await expect(page).toHaveURL(/\/about\/?$/);
  });

  test('the compact menu works by keyboard', async ({ page }) => {
    await page.goto('/about');
    const menuButton = navBar(page).getByRole('button', { name: /menu/i });
    // Tab from the top of the page to the menu button.
    let reached = false;
    for (let press = 0; press < 6 && !reached; press += 1) {
      await page.keyboard.press('Tab');
      reached = await menuButton.evaluate((element) => element === document.activeElement);
    }
    expect(reached, 'Tab reaches the menu button').toBe(true);
    await page.keyboard.press('Enter');
    const about = navBar(page)
      .getByRole('link', { name: 'About', exact: true })
      .filter({ visible: true });
    await expect(about).toHaveCount(1);
    // Escape closes it; Enter opens it again.
    await page.keyboard.press('Escape');
    await expect(about).toHaveCount(0);
    await expect(menuButton).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(about).toHaveCount(1);
    // The next Tab enters the open menu at its first item.
    await page.keyboard.press('Tab');
    await expect(about).toBeFocused();
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await expectLandedAtOffset(page, 'about-section');
  });
});

test.describe('no sideways scrolling at 320 px', () => {
  test.use({ viewport: NARROWEST });
  for (const path of [...PAGES, '/missing-page']) {
    test(`${path}`, async ({ page, consoleGuard }) => {
      if (path === '/missing-page') consoleGuard.allow(/404|missing-page/);
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      const wide = await page.evaluate(() =>
        [...document.body.querySelectorAll('*')]
          .filter(
            (element) =>
              element.getBoundingClientRect().right > document.documentElement.clientWidth + 1,
          )
          .slice(0, 5)
          .map(
            (element) => `${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''}`,
          ),
      );
      expect(
        scrollWidth,
        `document wider than the viewport; widest: ${wide.join(', ')}`,
      ).toBeLessThanOrEqual(clientWidth);
    });
  }
});
