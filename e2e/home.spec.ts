// The home page, top to bottom, as the product specification lists it, with its copy.
import {
  DESKTOP,
  PHONE,
  expect,
  expectInDocumentOrder,
  expectLandedAtOffset,
  test,
  visibleText,
  writtenText,
} from './fixtures';

const SOCIAL_NETWORKS: [string, RegExp][] = [
  ['Facebook', /facebook\.com/],
  ['Twitter', /twitter\.com|x\.com/],
  ['Instagram', /instagram\.com/],
  ['LinkedIn', /linkedin\.com/],
  ['YouTube', /youtube\.com/],
];

test.describe('home page', () => {
  test.beforeEach(async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
  });

  for (const [label, viewport] of [
    ['390 px', PHONE],
    ['1280 px', DESKTOP],
  ] as const) {
    test(`shows every section in the order of the spec at ${label}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const heroTitle = page.getByRole('heading', { level: 1 });
      const sneakPeek = page.getByRole('link', { name: "Sneak Peek - See Who's Coming" });
      const stats = page.getByText(/^student founders under 27$/i);
      const comingSoon = page.getByText('Coming Soon', { exact: true });
      const continent = page.getByText(/Africans starts or runs a business/);
      const about = page.locator('#about-section');
      const whatToExpect = page.getByRole('heading', { name: 'What to Expect' });
      const countdown = page.getByRole('heading', { name: 'Event Launching In' });
      const signup = page.locator('#email-signup');
      const signupTitle = page.getByRole('heading', { name: 'Be the First to Know' });
      const footer = page.locator('#organizing-team');

      for (const locator of [
        heroTitle,
        sneakPeek,
        comingSoon,
        continent,
        whatToExpect,
        countdown,
        signupTitle,
      ]) {
        await expect(locator).toBeVisible();
      }
      await expect(heroTitle).toHaveCount(1);
      await expect(stats).toHaveCount(1);
      await expectInDocumentOrder([
        page.getByRole('navigation').first(),
        heroTitle,
        sneakPeek,
        stats,
        comingSoon,
        continent,
        about,
        whatToExpect,
        countdown,
        signup,
        signupTitle,
        page.getByRole('link', { name: /YouTube/ }).first(),
        footer,
      ]);
      // The sign-up block is the anchor email-signup and holds the title.
      await expect(signup.getByRole('heading', { name: 'Be the First to Know' })).toBeVisible();
      await expect(about.getByRole('heading', { name: 'What to Expect' })).toBeVisible();
    });
  }

  test('hero button leads to the speakers page', async ({ page }) => {
    const sneakPeek = page.getByRole('link', { name: "Sneak Peek - See Who's Coming" });
    await expect(sneakPeek).toHaveAttribute('href', /^\/speakers\/?$/);
    await sneakPeek.click();
    await expect(page).toHaveURL(/\/speakers\/?$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('The Voices.');
  });

  test('states the marketing figures of the spec', async ({ page }) => {
    const text = await visibleText(page.locator('main'));
    expect(text).toMatch(/\b10\s+speakers\b/i);
    expect(text).toMatch(/\b100\s+student founders under 27\b/i);
    expect(text).toMatch(/\b1\s+stage\b/i);
    expect(text).toMatch(/1 in 3\s+Africans starts or runs a business/i);
    expect(text).toMatch(
      /1 in 2\s+small businesses fail in the first year because of mentorship gaps, limited infrastructure and almost no access to global markets/i,
    );
    // Exact wording as written (the page may style it in capitals).
    await expect(page.getByText('Coming Soon', { exact: true })).toBeVisible();
    await expect(page.getByText(/^1 in 3$/)).toBeVisible();
  });

  test('links to the five social networks', async ({ page }) => {
    for (const [network, domain] of SOCIAL_NETWORKS) {
      const links = page.getByRole('link', { name: new RegExp(`\\b${network}\\b`, 'i') });
      const hrefs = await links.evaluateAll((anchors) =>
        anchors.map((anchor) => anchor.getAttribute('href') ?? ''),
      );
      expect(
        hrefs.some((href) => domain.test(href)),
        `a ${network} link (found ${JSON.stringify(hrefs)})`,
      ).toBe(true);
    }
  });

  test('full footer: disclaimer, team, press contact, legal notice, copyright', async ({
    page,
  }) => {
    const footer = page.getByRole('contentinfo');
    const team = page.locator('#organizing-team');
    await expect(team).toHaveCount(1);
    await expect(team.locator('#meet-the-team')).toHaveCount(1);
    await expect(team.locator('#media-press')).toHaveCount(1);
    await expect(footer.locator('a[href="/#meet-the-team"]')).not.toHaveCount(0);

    const text = await visibleText(footer);
    expect(text, 'disclaimer').toMatch(/independently/i);
    expect(text, 'disclaimer').toMatch(/licen[cs]ed/i);
    expect(text, 'disclaimer').toMatch(/not owned by/i);
    expect(text, 'team roles').toMatch(/licensed organi[sz]er/i);
    expect(text, 'team roles').toMatch(/curator/i);
    expect(text, 'team roles').toMatch(/producer/i);
    expect(text, 'legal notice').toMatch(/licen[cs]e/i);
    expect(text, 'copyright').toMatch(/©|copyright/i);

    // Three organisers, each with an email link and a LinkedIn link.
    const members = team.locator('#meet-the-team');
    const mailto = members.locator('a[href^="mailto:"]');
    await expect(mailto).toHaveCount(3);
    await expect(members.locator('a[href*="linkedin.com"]')).toHaveCount(3);
    for (const link of await mailto.all()) {
      await expect(link).toHaveAttribute('href', /^mailto:[^@\s]+@[^@\s]+\.[a-z]+$/i);
    }

    // Press contact: the licensed organizer, sole media spokesperson, reachable by email.
    const press = team.locator('#media-press');
    const pressText = await visibleText(press);
    expect(pressText).toMatch(/sole media spokesperson/i);
    expect(pressText).toMatch(/licensed organi[sz]er/i);
    await expect(press.locator('a[href^="mailto:"]')).not.toHaveCount(0);
  });

  test('the footer link to /#meet-the-team lands the team below the navigation bar', async ({
    page,
  }) => {
    const teamLink = page.getByRole('contentinfo').locator('a[href="/#meet-the-team"]').first();
    await expect(teamLink).toBeVisible();
    expect(await writtenText(teamLink)).not.toBe('');
    await teamLink.click();
    await expect(page).toHaveURL(/\/#meet-the-team$/);
    await expectLandedAtOffset(page, 'meet-the-team');
  });
});
