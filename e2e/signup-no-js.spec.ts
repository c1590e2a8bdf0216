// The sign-up before and without JavaScript (README, "The sign-up without JavaScript"): on
// a 390 px phone over a throttled slow 3G connection, the prerendered form posts for real, the
// server answers 303 to the page for the outcome, and that page shows the spec's message with the
// form's section in view. Twice: with JavaScript off, and with the page's scripts blocked so the
// submit happens before any island hydrates.
import type { Page, Response } from '@playwright/test';
import { NOTICE_DUPLICATE, NOTICE_FAILURE, NOTICE_SUCCESS } from '../content/notices.ts';
import {
  LOCAL_ANON_KEY,
  SIGNUP_FORM_FUNCTION,
  SIGNUP_OUTCOME_PATHS,
  SIGNUP_TABLE,
  type SignupKind,
} from '../common/signup-contract.ts';
import {
  PHONE,
  expect,
  isInsert,
  storedSignups,
  test,
  uniqueEmail,
  waitForIslands,
} from './fixtures';

/** Chrome DevTools' "Slow 3G" preset: 2 s round trip, about 400 kbit/s each way. */
const SLOW_3G = {
  offline: false,
  latency: 2000,
  downloadThroughput: 50_000,
  uploadThroughput: 50_000,
};

const NOTICES = { success: NOTICE_SUCCESS, duplicate: NOTICE_DUPLICATE, failure: NOTICE_FAILURE };

async function throttle(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
}

const isFormPost = (response: Response) =>
  response.request().method() === 'POST' &&
  new URL(response.url()).pathname === `/rest/v1/rpc/${SIGNUP_FORM_FUNCTION}`;

/** Fill in the prerendered form and press the button; the browser posts it itself. */
async function submit(page: Page, email: string, firstName = '') {
  await page.goto('/#email-signup', { waitUntil: 'domcontentloaded' });
  const section = page.locator('#email-signup');
  if (firstName) await section.getByRole('textbox', { name: /first name/i }).fill(firstName);
  await section.getByRole('textbox', { name: /email/i }).fill(email);
  const posted = page.waitForResponse(isFormPost);
  await section.getByRole('button', { name: 'Notify Me' }).click();
  const answer = await posted;
  await page.waitForURL(`**${SIGNUP_OUTCOME_PATHS.success.slice(0, '/signup/'.length)}**`, {
    waitUntil: 'domcontentloaded',
  });
  return answer;
}

async function expectOutcome(page: Page, answer: Response, kind: SignupKind, typed: string[]) {
  expect(answer.status()).toBe(303);
  const url = new URL(page.url());
  expect(url.pathname.replace(/\/$/, '')).toBe(SIGNUP_OUTCOME_PATHS[kind]);
  expect(url.hash).toBe('#email-signup');
  // Nothing the visitor typed, in any form, in the address bar (or so in the history).
  for (const value of typed) {
    for (const piece of [value, encodeURIComponent(value), value.split('@')[0]]) {
      expect(page.url().toLowerCase()).not.toContain(piece.toLowerCase());
    }
  }
  expect(page.url()).not.toMatch(/@|%40/);
  const section = page.locator('#email-signup');
  await expect(section).toBeInViewport();
  const notice = section.getByRole('status');
  await expect(notice).toContainText(NOTICES[kind].title);
  await expect(notice).toContainText(NOTICES[kind].description);
  if (kind === 'failure') {
    await expect(section.getByRole('textbox', { name: /email/i })).toBeVisible();
  } else {
    await expect(section.getByText('Thanks for subscribing!')).toBeVisible();
  }
}

const MODES = [
  { name: 'JavaScript disabled', javaScriptEnabled: false, blockScripts: false },
  {
    name: 'scripts blocked (submit before hydration)',
    javaScriptEnabled: true,
    blockScripts: true,
  },
];

for (const mode of MODES) {
  test.describe(`sign-up with ${mode.name}, 390 px, slow 3G`, () => {
    test.use({ viewport: PHONE, javaScriptEnabled: mode.javaScriptEnabled });
    test.setTimeout(120_000);

    test.beforeEach(async ({ page, consoleGuard }) => {
      if (mode.blockScripts) {
        // Chromium reports each refused script, and Astro each island it could not load: that is
        // this test's premise.
        consoleGuard.allow(/Failed to load resource: net::ERR_FAILED/);
        consoleGuard.allow(
          /\[astro-island\] Error hydrating .*Failed to fetch dynamically imported/,
        );
        await page.route('**/_astro/*.js', (route) => route.abort('failed'));
      }
      await throttle(page);
    });

    test('success: stored once, normalised, and the success message', async ({ page, request }) => {
      const address = uniqueEmail('nojs-ok');
      const typed = address.toUpperCase();
      const answer = await submit(page, typed, 'Ada');
      await expectOutcome(page, answer, 'success', [typed, 'Ada']);
      const rows = (await storedSignups(request)).filter((row) => row.email === address);
      expect(rows).toEqual([expect.objectContaining({ email: address, first_name: 'Ada' })]);
    });

    test('duplicate: already on the list, still one row', async ({ page, request }) => {
      const address = uniqueEmail('nojs-dup');
      const seeded = await request.post(`/rest/v1/${SIGNUP_TABLE}`, {
        headers: { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${LOCAL_ANON_KEY}` },
        data: { email: address, first_name: null },
      });
      expect(seeded.status()).toBe(201);
      const answer = await submit(page, address);
      await expectOutcome(page, answer, 'duplicate', [address]);
      expect((await storedSignups(request)).filter((row) => row.email === address)).toHaveLength(1);
    });

    test('an address no relay delivers to (a domain of one label): something went wrong, nothing stored', async ({
      page,
      request,
    }) => {
      const address = uniqueEmail('nojs-localhost').replace('@example.org', '@localhost');
      const answer = await submit(page, address);
      await expectOutcome(page, answer, 'failure', [address]);
      expect((await storedSignups(request)).filter((row) => row.email === address)).toEqual([]);
    });

    test('any other error (an address too long to store): something went wrong, nothing stored', async ({
      page,
      request,
    }) => {
      // Valid to the browser's own check, refused by the database (over 254 characters).
      const address = uniqueEmail(`nojs-long-${'x'.repeat(240)}`);
      const answer = await submit(page, address);
      await expectOutcome(page, answer, 'failure', [address]);
      const stored = (await storedSignups(request)).filter((row) => row.email === address);
      expect(stored).toEqual([]);
    });
  });
}

test('once hydrated, the island on an outcome page takes over: a retry goes through supabase-js', async ({
  page,
  request,
}) => {
  await page.goto(`${SIGNUP_OUTCOME_PATHS.failure}#email-signup`);
  await waitForIslands(page);
  const section = page.locator('#email-signup');
  await expect(section.getByRole('status')).toContainText(NOTICE_FAILURE.title);
  const address = uniqueEmail('nojs-retry');
  await section.getByRole('textbox', { name: /email/i }).fill(address);
  const inserted = page.waitForRequest(isInsert);
  await section.getByRole('button', { name: 'Notify Me' }).click();
  await inserted;
  await expect(section.getByRole('status')).toContainText(NOTICE_SUCCESS.title);
  // No page load: the island answered in place.
  expect(new URL(page.url()).pathname.replace(/\/$/, '')).toBe(SIGNUP_OUTCOME_PATHS.failure);
  expect((await storedSignups(request)).filter((row) => row.email === address)).toHaveLength(1);
});
