// Privacy in plain words (issue 8): one line under the form says what the address is for and
// links to /privacy, which the footer links to on every page.
import { LIST_KEPT_UNTIL_LONG, PRIVACY_SECTIONS, RETENTION_MONTHS } from '../content/privacy.ts';
import { PRESS_CONTACT as PRIVACY_CONTACT } from '../content/team.ts';
import { DESKTOP, PHONE, expect, test, visibleText, waitForIslands } from './fixtures';

test('under the form, one line says what the address is for and links to /privacy', async ({
  page,
}) => {
  await page.goto('/#email-signup');
  await waitForIslands(page);
  const section = page.locator('#email-signup');
  await expect(section).toContainText(/only to tell you about the launch/i);
  await section.getByRole('link', { name: 'How we handle your data' }).click();
  await expect(page).toHaveURL(/\/privacy\/?$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

for (const path of ['/', '/about', '/speakers', '/privacy']) {
  test(`${path}: the footer links to the privacy page`, async ({ page }) => {
    await page.goto(path);
    const link = page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' });
    await expect(link).toHaveAttribute('href', '/privacy');
  });
}

for (const viewport of [PHONE, DESKTOP]) {
  test(`/privacy at ${viewport.width} px says who, what for, what, how long, and how to leave`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const response = await page.goto('/privacy');
    expect(response?.status()).toBe(200);
    const main = page.getByRole('main');
    for (const { heading } of PRIVACY_SECTIONS) {
      await expect(main.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
    }
    const text = await visibleText(main);
    expect(text).toContain(PRIVACY_CONTACT.email);
    expect(text).toMatch(/email address, your first name .* and the time you signed up/i);
    expect(text).toContain(`within ${RETENTION_MONTHS} months after the event day`);
    expect(text).toContain(`by ${LIST_KEPT_UNTIL_LONG} at the latest`);
    expect(text).toMatch(/unsubscribe link/i);
    expect(text).toMatch(/Personal Data Protection Office/);
    expect(text).toMatch(/Data Protection and Privacy Act, 2019/);
    await expect(main.getByRole('link', { name: PRIVACY_CONTACT.email }).first()).toHaveAttribute(
      'href',
      `mailto:${PRIVACY_CONTACT.email}`,
    );
    // Nothing wider than the screen.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
