// The console guard is what makes every other spec fail on an unexpected error: prove it does.
import { expect, test } from './fixtures';

test.describe('console guard', () => {
  test('fails a test on an unexpected console error', async ({ page }) => {
    test.fail(true, 'an unexpected console.error must fail the test');
    await page.setContent('<p>probe</p>');
    await page.evaluate(() => console.error('e2e probe: unexpected'));
    await expect(page.getByText('probe')).toBeVisible();
  });

  test('fails a test on an uncaught page error', async ({ page }) => {
    test.fail(true, 'an uncaught exception in the page must fail the test');
    await page.setContent('<p>probe</p>');
    const thrown = page.waitForEvent('pageerror');
    await page.evaluate(() =>
      setTimeout(() => {
        throw new Error('e2e probe: uncaught');
      }),
    );
    await thrown;
  });

  test('lets an allowed console error through and records it', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/^e2e probe: expected/);
    await page.setContent('<p>probe</p>');
    await page.evaluate(() => console.error('e2e probe: expected'));
    await expect.poll(() => consoleGuard.errors).toEqual(['e2e probe: expected']);
  });
});
