// WCAG 2.2 AA with axe on every page at phone and desktop widths; skip link; labelled inputs.
import {
  DESKTOP,
  PHONE,
  expect,
  expectNoAxeViolations,
  failedResourcePattern,
  scrollToEnd,
  test,
  uniqueEmail,
  waitForIslands,
  waitForStill,
} from './fixtures';

const TARGETS = [
  { path: '/', status: 200 },
  { path: '/about', status: 200 },
  { path: '/speakers', status: 200 },
  { path: '/privacy', status: 200 },
  // Where the sign-up without JavaScript lands: the form in its subscribed and its failed state.
  { path: '/signup/subscribed', status: 200 },
  { path: '/signup/failed', status: 200 },
  { path: '/this-page-does-not-exist', status: 404 },
];

for (const [label, viewport] of [
  ['390 px', PHONE],
  ['1280 px', DESKTOP],
] as const) {
  test.describe(`axe at ${label}`, () => {
    test.use({ viewport });
    for (const { path, status } of TARGETS) {
      test(`${path} has no WCAG 2.2 AA violation`, async ({ page, consoleGuard }) => {
        if (status === 404) {
          consoleGuard.allow(failedResourcePattern(404));
          consoleGuard.allow(/this-page-does-not-exist/);
        }
        // Reduced motion so fading cards are checked at their final, readable colours.
        await page.emulateMedia({ reducedMotion: 'reduce' });
        const response = await page.goto(path);
        expect(response?.status()).toBe(status);
        await page.waitForLoadState('networkidle');
        await waitForIslands(page);
        await expectNoAxeViolations(page);
      });
    }
  });
}

test('axe also passes with animations on, once the speaker cards have faded in', async ({
  page,
}) => {
  await page.goto('/speakers');
  // Bring every card into view so each fades in, then let the animation finish.
  await scrollToEnd(page, 400);
  await waitForStill(page);
  await expectNoAxeViolations(page);
});

test('axe passes on the home page menu opened at phone width', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/');
  await waitForIslands(page);
  await page.getByRole('button', { name: /menu/i }).click();
  await expect(
    page.getByRole('link', { name: 'About TED/TEDx', exact: true }).filter({ visible: true }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

test('axe passes on the sign-up notice and confirmation', async ({ page }) => {
  await page.goto('/#email-signup');
  await waitForIslands(page);
  const section = page.locator('#email-signup');
  await section.getByRole('textbox', { name: /email/i }).fill(uniqueEmail('axe'));
  await section.getByRole('button').click();
  await expect(section.getByText('Thanks for subscribing!')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('filled buttons keep an edge in forced colours (Windows contrast themes)', async ({
  page,
}) => {
  await page.goto('/');
  // A shown button or link that is a filled shape with no border: forced colours take its fill
  // away. (The skip link is hidden until focused, and then has the focus ring.)
  const shapes = () =>
    page.locator('a, button').evaluateAll((elements) =>
      elements.map((element) => {
        const style = getComputedStyle(element);
        const shown = element.getBoundingClientRect().width > 1;
        return { shown, fill: style.backgroundColor, border: style.borderTopWidth };
      }),
    );
  const before = await shapes();
  const filled = before.flatMap(({ shown, fill, border }, i) =>
    shown && fill !== 'rgba(0, 0, 0, 0)' && border === '0px' ? [i] : [],
  );
  expect(filled.length).toBeGreaterThanOrEqual(2); // the hero's link and "Notify Me"
  await page.emulateMedia({ forcedColors: 'active' });
  const after = await shapes();
  for (const i of filled) expect(after[i].border).not.toBe('0px');
});

for (const path of ['/', '/about', '/speakers', '/privacy']) {
  test(`${path}: the first Tab reaches a skip link that moves focus to the main content`, async ({
    page,
  }) => {
    await page.goto(path);
    await waitForIslands(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: /skip/i });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    const focusIsInMain = await page.evaluate(() => {
      const main = document.querySelector('main');
      return !!main && (main === document.activeElement || main.contains(document.activeElement));
    });
    expect(focusIsInMain, 'focus moved to <main>').toBe(true);
    // The next Tab continues inside the main content, not back in the header.
    await page.keyboard.press('Tab');
    const nextInMain = await page.evaluate(() => !!document.activeElement?.closest('main'));
    expect(nextInMain, 'the next Tab stays in <main>').toBe(true);
  });
}
