// Any other path: the not-found page, with a real 404 status.
import { expect, failedResourcePattern, test } from './fixtures';

const paths = ['/no-such-page', '/speakers/nobody/here', '/about-us?ref=e2e'];

for (const path of paths) {
  test(`unknown path ${path} answers 404 and logs the path`, async ({ page, consoleGuard }) => {
    consoleGuard.allow(failedResourcePattern(404));
    const pathname = path.split('?')[0];
    consoleGuard.allow(new RegExp(pathname.replace(/[/.?]/g, '\\$&')));

    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    expect(response?.headers()['content-type']).toMatch(/text\/html/);

    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    // The attempted path is logged to the console as an error.
    const logged = () =>
      consoleGuard.errors.filter(
        (text) => text.includes(pathname) && !failedResourcePattern(404).test(text),
      );
    await expect.poll(logged, { message: 'console.error with the attempted path' }).not.toEqual([]);

    const home = page.getByRole('link', { name: 'Return to Home' });
    await expect(home).toHaveAttribute('href', '/');
    await home.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: "Sneak Peek - See Who's Coming" })).toBeVisible();
  });
}
