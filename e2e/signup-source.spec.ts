// Where sign-ups come from (issue 14), in a real browser against the real server: the site's own
// share link brings a visitor whose sign-up keeps that link's source, on the JavaScript path (the
// island reads the address) and without JavaScript (the form function reads the Referer).
import type { APIRequestContext, Page } from '@playwright/test';
import { SHARE_TITLE } from '../content/share.ts';
import { SIGNUP_FORM_FUNCTION } from '../common/signup-contract.ts';
import {
  PHONE,
  expect,
  isInsert,
  storedSignups,
  test,
  uniqueEmail,
  waitForIslands,
} from './fixtures';

async function storedSource(request: APIRequestContext, email: string) {
  return (await storedSignups(request))
    .filter((row) => row.email === email)
    .map(({ source }) => ({ email, source }));
}

/** The site's own address inside a share link (as path and query, on this server). */
async function sharedPath(page: Page, label: string): Promise<string> {
  await page.goto('/');
  const link = page.getByRole('navigation', { name: SHARE_TITLE }).getByRole('link', {
    name: new RegExp(`Share on ${label}\\b`),
  });
  const href = new URL((await link.getAttribute('href')) ?? '');
  const shared = [...href.searchParams.values()].join(' ').match(/https?:\/\/\S+/)?.[0] ?? '';
  const url = new URL(shared);
  return `${url.pathname}${url.search}`;
}

async function fillAndSend(page: Page, email: string) {
  const section = page.locator('#email-signup');
  await section.getByRole('textbox', { name: /email/i }).fill(email);
  await section.getByRole('button', { name: 'Notify Me' }).click();
  await expect(section.getByText('Thanks for subscribing!')).toBeVisible();
}

test.describe('the source of a sign-up', () => {
  test.use({ viewport: PHONE });

  test('from a WhatsApp share link, with JavaScript: the island sends it', async ({
    page,
    request,
  }) => {
    const path = await sharedPath(page, 'WhatsApp');
    expect(path).toBe('/?utm_source=whatsapp');
    await page.goto(`${path}#email-signup`);
    await waitForIslands(page);
    const email = uniqueEmail('source-js');
    const inserted = page.waitForRequest(isInsert);
    await fillAndSend(page, email);
    expect((await inserted).postDataJSON()).toMatchObject({ email, source: 'whatsapp' });
    expect(await storedSource(request, email)).toEqual([{ email, source: 'whatsapp' }]);
  });

  test('a plain visit has none', async ({ page, request }) => {
    await page.goto('/#email-signup');
    await waitForIslands(page);
    const email = uniqueEmail('source-none');
    await fillAndSend(page, email);
    expect(await storedSource(request, email)).toEqual([{ email, source: null }]);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('from an X share link: the form function reads it from the Referer', async ({
      page,
      request,
    }) => {
      const path = await sharedPath(page, 'X');
      expect(path).toBe('/?utm_source=x');
      await page.goto(`${path}#email-signup`);
      const email = uniqueEmail('source-nojs');
      const posted = page.waitForRequest((r) =>
        r.url().includes(`/rest/v1/rpc/${SIGNUP_FORM_FUNCTION}`),
      );
      await fillAndSend(page, email);
      expect(await (await posted).headerValue('referer')).toMatch(/\?utm_source=x/);
      expect(await storedSource(request, email)).toEqual([{ email, source: 'x' }]);
    });

    test('posted to another origin, as to hosted Supabase, the Referer still carries it', async ({
      page,
      request,
      baseURL,
    }) => {
      // A static host plus hosted Supabase: the form posts cross-origin, where a browser sends only
      // the origin unless the page's referrer policy allows more. "Another origin" is this server
      // under the name localhost; form-action is widened for it, as a hosted build widens it.
      const other = (baseURL ?? '').replace('127.0.0.1', 'localhost');
      const widen = (text: string) =>
        text.replaceAll("form-action 'self'", `form-action 'self' ${other}`);
      await page.route(/\/\?utm_source=whatsapp$/, async (route) => {
        const response = await route.fetch();
        const headers = { ...response.headers() };
        delete headers['content-encoding'];
        delete headers['content-length'];
        headers['content-security-policy'] = widen(headers['content-security-policy'] ?? '');
        const body = widen(await response.text()).replaceAll(
          `action="/rest/v1/rpc/${SIGNUP_FORM_FUNCTION}`,
          `action="${other}/rest/v1/rpc/${SIGNUP_FORM_FUNCTION}`,
        );
        await route.fulfill({ response, headers, body });
      });
      await page.goto('/?utm_source=whatsapp');
      const email = uniqueEmail('source-cross');
      const posted = page.waitForRequest((r) => r.url().startsWith(`${other}/rest/v1/rpc/`));
      await fillAndSend(page, email);
      expect(await (await posted).headerValue('referer')).toBe(`${baseURL}/?utm_source=whatsapp`);
      expect(await storedSource(request, email)).toEqual([{ email, source: 'whatsapp' }]);
    });

    test('a poster’s ?ref= is kept lower-cased; a bad one is dropped', async ({
      page,
      request,
    }) => {
      const kept = uniqueEmail('source-ref');
      await page.goto('/?ref=Lecture_Hall-3#email-signup');
      await fillAndSend(page, kept);
      const dropped = uniqueEmail('source-bad');
      await page.goto('/?utm_source=evil.example%2Fnow#email-signup');
      await fillAndSend(page, dropped);
      expect(await storedSource(request, kept)).toEqual([
        { email: kept, source: 'lecture_hall-3' },
      ]);
      expect(await storedSource(request, dropped)).toEqual([{ email: dropped, source: null }]);
    });
  });

  test('the calendar file links back with its own source', async ({ request }) => {
    const ics = await request.get('/save-the-date.ics');
    const unfolded = (await ics.text()).replace(/\r\n /g, '');
    expect(unfolded).toMatch(/^URL:https?:\/\/[^\r\n]+\/\?utm_source=calendar\r$/m);
  });
});
