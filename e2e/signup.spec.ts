// The sign-up form against the real server and database: every row of the specification's error
// catalogue, the form's states and the normalisation rules.
import type { Page, Request } from '@playwright/test';
import { LOCAL_ANON_KEY, SIGNUP_TABLE } from '../common/signup-contract.ts';
import {
  expect,
  failedResourcePattern,
  isInsert,
  scrollToEnd,
  storedSignups,
  test,
  uniqueEmail,
  waitForIslands,
  waitForStill,
} from './fixtures';

const REST_PATTERN = '**/rest/v1/**';
const INSERT_PATH = `/rest/v1/${SIGNUP_TABLE}`;

function form(page: Page) {
  const section = page.locator('#email-signup');
  return {
    section,
    email: section.getByRole('textbox', { name: /email/i }),
    firstName: section.getByRole('textbox', { name: /first name/i }),
    submit: section.getByRole('button', { name: /notify|subscrib|sign ?up|submit|join/i }),
    notice: section.getByRole('status'),
    thanks: section.getByText('Thanks for subscribing!'),
  };
}

async function openForm(page: Page) {
  await page.goto('/#email-signup');
  await waitForIslands(page);
  return form(page);
}

/** Every request to the REST interface that the page makes from now on. */
function recordRestRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/rest/')) seen.push(request);
  });
  return seen;
}

async function expectSubscribed(page: Page, title: string, description: string) {
  const { notice, thanks, email, submit } = form(page);
  await expect(notice).toContainText(title);
  await expect(notice).toContainText(description);
  await expect(thanks).toBeVisible();
  // The confirmation replaces the form.
  await expect(email).toHaveCount(0);
  await expect(submit).toHaveCount(0);
}

async function expectFailureKeepsForm(page: Page, typed: string) {
  const { notice, thanks, email, submit } = form(page);
  await expect(notice).toContainText('Something went wrong');
  await expect(notice).toContainText('Please try again in a moment.');
  await expect(thanks).toHaveCount(0);
  await expect(email).toBeVisible();
  await expect(email).toHaveValue(typed);
  await expect(submit).toBeEnabled();
}

test.describe('sign-up form', () => {
  test('success: normalised insert, notice, confirmation, and the row in the database', async ({
    page,
    request,
  }) => {
    const address = uniqueEmail('success');
    // Mixed case, as people type on phones; the stored address is lower-case.
    const typed = address
      .replace(/^e2e-success/, 'E2E-Success')
      .replace('@example.org', '@Example.ORG');
    const { email, firstName, submit, notice } = await openForm(page);

    await firstName.fill('  Ada  ');
    await email.fill(`  ${typed}  `);
    const inserted = page.waitForRequest(isInsert);
    await submit.click();
    const sent = await inserted;
    expect(sent.postDataJSON()).toEqual({ email: address.toLowerCase(), first_name: 'Ada' });
    expect((await sent.response())?.status()).toBe(201);

    await expectSubscribed(
      page,
      'Successfully subscribed!',
      "You'll be the first to know when we launch.",
    );
    // The notice is announced: it sits in a live region.
    await expect(notice).toHaveAttribute('aria-live', /polite|assertive/);

    const rows = await storedSignups(request);
    expect(rows.filter((row) => row.email === address.toLowerCase())).toEqual([
      expect.objectContaining({ email: address.toLowerCase(), first_name: 'Ada' }),
    ]);
  });

  test('an empty first name is sent as null', async ({ page, request }) => {
    const address = uniqueEmail('noname');
    const { email, firstName, submit } = await openForm(page);
    await firstName.fill('   ');
    await email.fill(address);
    const inserted = page.waitForRequest(isInsert);
    await submit.click();
    expect((await inserted).postDataJSON()).toEqual({ email: address, first_name: null });
    await expectSubscribed(
      page,
      'Successfully subscribed!',
      "You'll be the first to know when we launch.",
    );
    const rows = await storedSignups(request);
    expect(rows.find((row) => row.email === address)).toEqual(
      expect.objectContaining({ first_name: null }),
    );
  });

  // supabase-js would otherwise read a session out of the address (#access_token=…, sent to
  // /auth/v1/user and then used for the insert) and keep it in localStorage, whose reading throws
  // where the browser blocks site data: neither may decide whether a sign-up goes through.
  test("a link carrying someone's session, and a browser that blocks site storage, sign up as anon", async ({
    page,
    request,
  }) => {
    await page.addInitScript(() =>
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('Access is denied for this document.', 'SecurityError');
        },
      }),
    );
    const address = uniqueEmail('session');
    const authRequests: string[] = [];
    page.on('request', (sent) => {
      if (new URL(sent.url()).pathname.startsWith('/auth/')) authRequests.push(sent.url());
    });
    await page.goto(
      '/#access_token=eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYXV0aGVudGljYXRlZCJ9.forged&refresh_token=r&expires_in=3600&token_type=bearer',
    );
    await waitForIslands(page);
    const { email, submit } = form(page);
    await email.fill(address);
    const inserted = page.waitForRequest(isInsert);
    await submit.click();
    const sent = await inserted;
    expect(sent.headers()['authorization']).toBe(`Bearer ${LOCAL_ANON_KEY}`);
    await expectSubscribed(
      page,
      'Successfully subscribed!',
      "You'll be the first to know when we launch.",
    );
    expect(authRequests).toEqual([]);
    expect((await storedSignups(request)).filter((row) => row.email === address)).toHaveLength(1);
  });

  test('duplicate email in another case: already on the list, and subscribed', async ({
    page,
    request,
    consoleGuard,
  }) => {
    // The browser logs the 409 answer; that is the expected path here.
    consoleGuard.allow(failedResourcePattern(409));
    const address = uniqueEmail('dup');
    const seeded = await request.post(INSERT_PATH, {
      headers: {
        apikey: LOCAL_ANON_KEY,
        Authorization: `Bearer ${LOCAL_ANON_KEY}`,
        'Content-Profile': 'public',
      },
      data: { email: address, first_name: 'First' },
    });
    expect(seeded.status()).toBe(201);

    const { email, submit } = await openForm(page);
    await email.fill(address.toUpperCase());
    const answered = page.waitForResponse((response) => isInsert(response.request()));
    await submit.click();
    const response = await answered;
    expect(response.status()).toBe(409);
    expect((await response.json()).code).toBe('23505');
    await expectSubscribed(
      page,
      "You're already on the list!",
      'Thanks for your enthusiasm for the TEDx community.',
    );

    const rows = await storedSignups(request);
    expect(rows.filter((row) => row.email === address)).toHaveLength(1);
  });

  test('any other insert error: something went wrong, form kept', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(failedResourcePattern(500));
    await page.route(REST_PATTERN, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json; charset=utf-8',
        body: JSON.stringify({
          code: 'XX000',
          message: 'internal error',
          details: null,
          hint: null,
        }),
      }),
    );
    const address = uniqueEmail('servererror');
    const { email, submit } = await openForm(page);
    await email.fill(address);
    await submit.click();
    await expectFailureKeepsForm(page, address);

    // The kept form can be submitted again, and then succeeds.
    await page.unroute(REST_PATTERN);
    await submit.click();
    await expectSubscribed(
      page,
      'Successfully subscribed!',
      "You'll be the first to know when we launch.",
    );
  });

  test('a network failure: something went wrong, form kept', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/net::ERR_FAILED|Failed to fetch|Failed to load resource/);
    await page.route(REST_PATTERN, (route) => route.abort('failed'));
    const address = uniqueEmail('network');
    const { email, submit } = await openForm(page);
    await email.fill(address);
    await submit.click();
    await expectFailureKeepsForm(page, address);
  });

  test("a domain no relay delivers to: the spec's failure message, no request, nothing stored", async ({
    page,
    request,
  }) => {
    // Chromium's own email check takes it; the list does not (decision 0020).
    const address = uniqueEmail('localhost').replace('@example.org', '@localhost');
    const seen = recordRestRequests(page);
    const { email, submit } = await openForm(page);
    await email.fill(address);
    await submit.click();
    await expectFailureKeepsForm(page, address);
    expect(seen.filter(isInsert)).toEqual([]);
    expect((await storedSignups(request)).filter((row) => row.email === address)).toEqual([]);
  });

  test('a Unicode domain is stored in its A-labels', async ({ page, request }) => {
    const address = uniqueEmail('idn');
    const { email, submit } = await openForm(page);
    await email.fill(address.replace('@example.org', '@bücher.example'));
    await submit.click();
    await expectSubscribed(
      page,
      'Successfully subscribed!',
      "You'll be the first to know when we launch.",
    );
    const stored = address.replace('@example.org', '@xn--bcher-kva.example');
    expect((await storedSignups(request)).filter((row) => row.email === stored)).toHaveLength(1);
  });

  test('a visitor using only the keyboard signs up with Enter', async ({ page }) => {
    const address = uniqueEmail('keyboard');
    const { email, firstName } = await openForm(page);
    await firstName.focus();
    await page.keyboard.type('Grace');
    await page.keyboard.press('Tab');
    await expect(email).toBeFocused();
    await page.keyboard.type(address);
    const inserted = page.waitForRequest(isInsert);
    await page.keyboard.press('Enter');
    expect((await inserted).postDataJSON()).toEqual({ email: address, first_name: 'Grace' });
    await expectSubscribed(
      page,
      'Successfully subscribed!',
      "You'll be the first to know when we launch.",
    );
  });

  test('a double click sends one sign-up, not two', async ({ page, request }) => {
    const address = uniqueEmail('double');
    const inserts = recordRestRequests(page);
    const { email, submit } = await openForm(page);
    await email.fill(address);
    await submit.dblclick();
    await expectSubscribed(
      page,
      'Successfully subscribed!',
      "You'll be the first to know when we launch.",
    );
    expect(inserts.filter(isInsert)).toHaveLength(1);
    const rows = await storedSignups(request);
    expect(rows.filter((row) => row.email === address)).toHaveLength(1);
  });

  test('while submitting, the button is disabled', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(REST_PATTERN, async (route) => {
      await held;
      await route.continue();
    });
    const address = uniqueEmail('submitting');
    const { email, submit, section } = await openForm(page);
    await email.fill(address);
    const inserted = page.waitForRequest(isInsert);
    await submit.click();
    await inserted;
    const busyButton = section.getByRole('button');
    await expect(busyButton).toBeDisabled();
    // The button shows a spinner: something inside it turns.
    const spinning = await busyButton
      .locator('*')
      .evaluateAll((elements) =>
        elements.some((element) => getComputedStyle(element).animationName !== 'none'),
      );
    expect(spinning, 'a spinner in the submit button').toBe(true);
    await expect(section.locator('form')).toHaveAttribute('aria-busy', 'true');
    release();
    await expectSubscribed(
      page,
      'Successfully subscribed!',
      "You'll be the first to know when we launch.",
    );
  });

  // That a filled honeypot sends nothing is the component test's (signup-form.test.tsx); only a
  // browser can tell that the field is really out of sight.
  test('the honeypot is out of sight and out of the tab order', async ({ page }) => {
    const { section } = await openForm(page);
    // The one input that is neither the email nor the first name field.
    const honeypot = section.locator(
      'input:not([type=email]):not([type=submit]):not([type=hidden]):not([placeholder="First name (optional)"])',
    );
    await expect(honeypot).toHaveCount(1);
    await expect(honeypot).not.toBeInViewport();
    await expect(honeypot).toHaveAttribute('tabindex', '-1');
  });

  test('supabase-js loads only once the form is used; the page itself makes no requests', async ({
    page,
  }) => {
    const scripts: { url: string; body: Promise<string> }[] = [];
    const restRequests = recordRestRequests(page);
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script' || /\.m?js(\?|$)/.test(response.url())) {
        scripts.push({ url: response.url(), body: response.text().catch(() => '') });
      }
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await waitForIslands(page);
    await scrollToEnd(page, 4000);
    await waitForStill(page);

    const initial = [...scripts];
    expect(initial.length, 'the page loads its islands').toBeGreaterThan(0);
    for (const script of initial) {
      expect(await script.body, `${script.url} must not contain supabase-js`).not.toMatch(
        /supabase-js|PostgrestClient|GoTrueClient/,
      );
    }
    expect(restRequests, 'no REST request before interaction').toEqual([]);

    await form(page).email.focus();
    await expect
      .poll(
        async () => {
          const later = scripts.slice(initial.length);
          const bodies = await Promise.all(later.map((script) => script.body));
          return bodies.some((body) => /supabase-js|PostgrestClient|GoTrueClient/.test(body));
        },
        { message: 'supabase-js is downloaded on first focus' },
      )
      .toBe(true);
    expect(restRequests, 'focusing alone sends nothing').toEqual([]);
  });
});

test('each placeholder fits its field, at every width', async ({ page }) => {
  await page.goto('/');
  const { firstName, email } = form(page);
  for (const width of [320, 640, 700, 768, 1024, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const field of [firstName, email]) {
      const room = await field.evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const text = new OffscreenCanvas(1, 1).getContext('2d');
        if (!text) throw new Error('no 2d canvas');
        text.font = `${style.fontSize} ${style.fontFamily}`;
        const inside =
          input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return inside - text.measureText(input.placeholder).width;
      });
      expect(room, `${width} px: ${await field.getAttribute('name')}`).toBeGreaterThan(0);
    }
  }
});
