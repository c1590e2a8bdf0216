// "Follow us on WhatsApp" on the subscribed confirmation of both sign-up paths, as built from
// content/links.ts: the link when the channel's address is set, nothing while it is empty,
// and in either case no request to WhatsApp (src/features/signup/signup-whatsapp.test.tsx
// renders both cases of both paths).
import type { Page } from '@playwright/test';
import { WHATSAPP_CHANNEL } from '../content/links.ts';
import { SIGNUP_OUTCOME_PATHS } from '../common/signup-contract.ts';
import { expect, test, uniqueEmail, waitForIslands } from './fixtures';

function watchWhatsApp(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (/whatsapp|wa\.me/i.test(new URL(request.url()).hostname)) asked.push(request.url());
  });
  return asked;
}

async function expectFollowLink(page: Page) {
  const section = page.locator('#email-signup');
  await expect(section.getByText('Thanks for subscribing!')).toBeVisible();
  const link = section.getByRole('link', { name: /Follow us on WhatsApp/ });
  if (WHATSAPP_CHANNEL.href) {
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', WHATSAPP_CHANNEL.href);
    await expect(link).toHaveAttribute('target', '_blank');
  } else {
    await expect(link).toHaveCount(0);
    await expect(section).not.toContainText(/WhatsApp/);
  }
}

test('with JavaScript: after subscribing, the island follows links.ts', async ({ page }) => {
  const asked = watchWhatsApp(page);
  await page.goto('/#email-signup');
  await waitForIslands(page);
  const section = page.locator('#email-signup');
  await section.getByRole('textbox', { name: /email/i }).fill(uniqueEmail('whatsapp'));
  await section.getByRole('button', { name: 'Notify Me' }).click();
  await expectFollowLink(page);
  expect(asked).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const kind of ['success', 'duplicate'] as const) {
    test(`the ${kind} outcome page follows links.ts`, async ({ page }) => {
      const asked = watchWhatsApp(page);
      await page.goto(`${SIGNUP_OUTCOME_PATHS[kind]}#email-signup`);
      await expectFollowLink(page);
      expect(asked).toEqual([]);
    });
  }
});
