// The unsubscribe pages a recipient opens from the mail on a phone: nothing wider than the screen,
// even where a line holds an address no word break fits (the organisers' contact).
import { DESKTOP, PHONE, expect, failedResourcePattern, test } from './fixtures';

for (const viewport of [PHONE, DESKTOP]) {
  test(`an unknown link's page at ${viewport.width} px fits the screen`, async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(failedResourcePattern(404)); // the unknown token's own answer
    await page.setViewportSize(viewport);
    const response = await page.goto('/unsubscribe?token=00000000-0000-0000-0000-000000000000');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/this link is not valid/i);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
