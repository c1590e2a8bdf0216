// The speakers teaser page.
import type { Page } from '@playwright/test';
import { EVENT_DATE_LONG } from '../content/event.ts';
import { categoryText, SPEAKER_REVEAL_TEXT, SPEAKERS, SPEAKERS_CTA } from '../content/speakers.ts';
import { DESKTOP, PHONE, boxOf, expect, test, visibleText, writtenText } from './fixtures';

// This edition's nine categories; src/components/speaker-card.test.tsx holds the content to them.
const CATEGORIES = SPEAKERS.map((speaker) => categoryText(speaker.category));
const REVEAL = SPEAKER_REVEAL_TEXT;

/** The teaser cards: each one an article (a self-contained item) that ends in the reveal line. */
function speakerCards(page: Page) {
  return page.getByRole('main').getByRole('article').filter({ hasText: REVEAL });
}

test.describe('speakers page', () => {
  test.beforeEach(async ({ page }) => {
    const response = await page.goto('/speakers');
    expect(response?.status()).toBe(200);
  });

  test('hero states the promise and the date', async ({ page }) => {
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(/^The Voices\.\s*Not Yet Revealed\.$/);
    const text = await visibleText(page.locator('main'));
    expect(text).toContain('Ten extraordinary minds. One transformative stage.');
    expect(text).toContain(EVENT_DATE_LONG);
  });

  test('has the logo at top left and the shared navigation', async ({ page }) => {
    const logo = page.getByRole('banner').getByRole('link').first();
    await expect(logo).toHaveAttribute('href', /^\/$/);
    const box = await boxOf(logo);
    expect(box.x).toBeLessThan(DESKTOP.width / 3);
    expect(box.y).toBeLessThan(120);
    const nav = page.getByRole('navigation').first();
    for (const name of ['About', 'Meet the Team', 'Press & Media', 'About TED/TEDx']) {
      await expect(nav.getByRole('link', { name, exact: true }).first()).toBeAttached();
    }
  });

  test('shows exactly nine anonymous cards with the spec categories', async ({ page }) => {
    await expect(page.getByText(REVEAL, { exact: true })).toHaveCount(9);
    const cards = speakerCards(page);
    await expect(cards).toHaveCount(9);

    const found: string[] = [];
    for (const card of await cards.all()) {
      const text = await writtenText(card);
      const category = CATEGORIES.find((candidate) => text.includes(candidate));
      if (!category) throw new Error(`no category label of the spec in card "${text}"`);
      found.push(category);
      // A quoted achievement and an italic teaser line.
      expect(text, 'quoted achievement').toMatch(/["“][^"”]{10,}["”]/);
      const italic = await card.evaluate((element) =>
        [...element.querySelectorAll('*')].some(
          (child) =>
            getComputedStyle(child).fontStyle === 'italic' &&
            (child.textContent ?? '').trim().length > 10,
        ),
      );
      expect(italic, 'an italic teaser line').toBe(true);
    }
    expect(found.sort()).toEqual([...CATEGORIES].sort());
  });

  test('call to action leads to the sign-up form', async ({ page }) => {
    const cta = page.getByRole('heading', { name: 'Be There When the Curtain Rises' });
    await expect(cta).toBeVisible();
    const text = await visibleText(page.locator('main'));
    expect(text).toContain(SPEAKERS_CTA.body);
    const notify = page.getByRole('link', { name: 'Get Notified' });
    await expect(notify).toHaveAttribute('href', '/#email-signup');
    await notify.click();
    await expect(page).toHaveURL(/\/#email-signup$/);
    await expect(page.getByRole('heading', { name: 'Be the First to Know' })).toBeInViewport();
  });

  test('has the shared footer', async ({ page }) => {
    const footer = page.getByRole('contentinfo');
    await expect(footer).toBeVisible();
    expect(await visibleText(footer)).toMatch(/©|copyright/i);
  });
});

test.describe('speakers grid columns', () => {
  const widths: [string, { width: number; height: number }, number][] = [
    ['small', PHONE, 1],
    ['medium', { width: 900, height: 900 }, 2],
    ['large', DESKTOP, 3],
  ];
  for (const [size, viewport, columns] of widths) {
    test(`${columns} column(s) at ${size} width (${viewport.width} px)`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/speakers');
      const cards = speakerCards(page);
      await expect(cards).toHaveCount(9);
      const xs = await cards.evaluateAll((elements) =>
        elements.map((element) => Math.round(element.getBoundingClientRect().left)),
      );
      expect(new Set(xs).size, `distinct card x positions ${JSON.stringify(xs)}`).toBe(columns);
    });
  }
});
