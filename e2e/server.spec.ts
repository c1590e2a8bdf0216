// What the project's real server answers around the pages: security headers on every answer, a
// strict Content-Security-Policy the pages actually work under. Caching, compression and the 404
// are tested in server/static.test.ts; the not-found page in a browser in not-found.spec.ts.
import type { APIResponse } from '@playwright/test';
import { PAGES, expect, scrollToEnd, test, waitForIslands, waitForStill } from './fixtures';

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name.toLowerCase(), values]),
  );
}

function expectSecurityHeaders(response: APIResponse, what: string) {
  const headers = response.headers();
  const csp = headers['content-security-policy'];
  expect(csp, `${what}: Content-Security-Policy`).toBeTruthy();
  const policy = directives(csp);
  const scriptSrc = policy.get('script-src') ?? policy.get('default-src');
  expect(scriptSrc, `${what}: script-src or default-src`).toBeTruthy();
  expect(scriptSrc, `${what}: script-src`).not.toContain("'unsafe-inline'");
  expect(scriptSrc, `${what}: script-src`).not.toContain("'unsafe-eval'");
  expect(scriptSrc, `${what}: script-src`).not.toContain('*');
  expect(policy.get('frame-ancestors'), `${what}: frame-ancestors`).toEqual(["'none'"]);
  expect(headers['x-content-type-options'], `${what}: X-Content-Type-Options`).toBe('nosniff');
  expect(headers['referrer-policy'], `${what}: Referrer-Policy`).toBeTruthy();
  expect(headers['permissions-policy'], `${what}: Permissions-Policy`).toBeTruthy();
  expect(headers['x-powered-by'], `${what}: X-Powered-By`).toBeUndefined();
}

test.describe('security headers', () => {
  for (const path of [...PAGES, '/missing-page']) {
    test(`on ${path}`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(path === '/missing-page' ? 404 : 200);
      expect(response.headers()['content-type']).toMatch(/^text\/html/);
      expectSecurityHeaders(response, path);
    });
  }

  test('on a static asset and on a REST answer', async ({ request, page }) => {
    // An island's code: `/` requests none until the visitor scrolls near an island.
    await page.goto('/');
    const script = await page.locator('astro-island').first().getAttribute('component-url');
    expect(script).toMatch(/^\/_astro\/.+\.js$/);
    const asset = await request.get(script ?? '');
    expect(asset.status()).toBe(200);
    expect(asset.headers()['x-content-type-options']).toBe('nosniff');
    expect(asset.headers()['content-security-policy']).toBeTruthy();

    const rest = await request.get('/rest/v1/tedxcommunity_emails');
    expect(rest.status()).toBeGreaterThanOrEqual(400);
    expect(rest.headers()['x-content-type-options']).toBe('nosniff');
    expect(rest.headers()['x-powered-by']).toBeUndefined();
  });

  test('the CSP lets the page reach its own REST interface', async ({ request }) => {
    const policy = directives((await request.get('/')).headers()['content-security-policy']);
    const connect = policy.get('connect-src') ?? policy.get('default-src') ?? [];
    expect(connect.some((source) => source === "'self'" || source.startsWith('http'))).toBe(true);
  });
});

test.describe('the pages work under the CSP', () => {
  for (const path of PAGES) {
    test(`${path} reports no CSP violation and its islands run`, async ({ page }) => {
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
        document.addEventListener('securitypolicyviolation', (event) => {
          seen.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
        });
      });
      const response = await page.goto(path);
      expect(response?.headers()['content-security-policy']).toBeTruthy();
      await page.waitForLoadState('networkidle');
      await waitForIslands(page);
      await scrollToEnd(page, 1000);
      await waitForStill(page);
      const violations = await page.evaluate(
        () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
      );
      expect(violations).toEqual([]);
    });
  }

  test('the countdown and form islands hydrate under the CSP', async ({ page }) => {
    await page.goto('/');
    await waitForIslands(page);
    // Hydrated countdown: the build-time placeholder '--' is gone.
    const countdown = page
      .locator('section, div')
      .filter({ has: page.getByRole('heading', { name: 'Event Launching In' }) })
      .filter({ hasText: /Seconds/i })
      .last();
    await expect(countdown).not.toContainText('--');
  });
});
