// The About page: two cards, 'Follow TED on' links, simplified footer.
import { boxOf, expect, test, visibleText } from './fixtures';

const TED_NETWORKS = ['Facebook', 'Instagram', 'LinkedIn', 'TikTok', 'X'];

test.describe('about page', () => {
  test.beforeEach(async ({ page }) => {
    const response = await page.goto('/about');
    expect(response?.status()).toBe(200);
  });

  test('has the two cards About TEDx and About TED with the spec facts', async ({ page }) => {
    const tedx = page.getByRole('heading', { name: 'About TEDx', exact: true });
    const ted = page.getByRole('heading', { name: 'About TED', exact: true });
    await expect(tedx).toBeVisible();
    await expect(ted).toBeVisible();
    // TEDx comes first, TED second.
    const tedxBox = await boxOf(tedx);
    const tedBox = await boxOf(ted);
    expect(tedxBox.y < tedBox.y || tedxBox.x < tedBox.x).toBe(true);

    const text = await visibleText(page.locator('main'));
    expect(text).toMatch(/independently organi[sz]ed event/i);
    expect(text).toMatch(/TED Talks video and live speakers/i);
    expect(text).toMatch(/self-organi[sz]ed/i);
    expect(text).toMatch(/nonprofit/i);
    expect(text).toMatch(/nonpartisan/i);
    expect(text).toMatch(/1984/);
    expect(text).toMatch(/podcasts/i);
    expect(text).toMatch(/TED-Ed/);
    expect(text).toMatch(/more than 100 languages/i);
    expect(text).toMatch(/Audacious Project/);
    expect(text).toMatch(/\$3 billion/);
    expect(text).toMatch(/Countdown[^.]*2020/);
    expect(text).toMatch(/TED Democracy[^.]*2023/);
  });

  test("'Follow TED on' lists five networks that open in a new tab", async ({ page }) => {
    await expect(page.getByText('Follow TED on')).toBeVisible();
    const main = page.locator('main');
    for (const network of TED_NETWORKS) {
      const link = main.getByRole('link', {
        name: new RegExp(`^(?:TED on )?${network}(?: \\(opens in a new tab\\))?$`, 'i'),
      });
      await expect(link, `${network} link`).toHaveCount(1);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /\bnoopener\b/);
      await expect(link).toHaveAttribute('href', /^https:\/\//);
    }
  });

  test('the footer is simplified: legal notice and copyright only', async ({ page }) => {
    const footer = page.getByRole('contentinfo');
    await expect(footer).toBeVisible();
    const text = await visibleText(footer);
    expect(text).toMatch(/©|copyright/i);
    expect(text).toMatch(/licen[cs]e/i);
    await expect(page.locator('#organizing-team')).toHaveCount(0);
    await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(0);
    await expect(
      footer.getByRole('link', { name: /facebook|youtube|instagram|twitter/i }),
    ).toHaveCount(0);
    expect(text).not.toMatch(/spokesperson/i);
  });

  test('shares the navigation bar', async ({ page }) => {
    const nav = page.getByRole('navigation').first();
    for (const name of ['About', 'Meet the Team', 'Press & Media', 'About TED/TEDx']) {
      await expect(nav.getByRole('link', { name, exact: true }).first()).toBeAttached();
    }
  });
});
