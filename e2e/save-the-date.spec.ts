// Save the date, share it (issue 8): "Add to calendar" serves a valid iCalendar file of the
// event day, and the share links work without any script and cost no third-party request
// until tapped. The phone's own share sheet appears only where the browser offers it.
import type { Page } from '@playwright/test';
import { CALENDAR_LINK_LABEL } from '../content/calendar.ts';
import { LAUNCH_AT_MS } from '../content/event.ts';
import { NATIVE_SHARE_LABEL, SHARE_TARGETS, SHARE_TITLE } from '../content/share.ts';
import { expect, test } from './fixtures';

const SHARE_HOSTS = ['wa.me', 'x.com', 'www.linkedin.com', 'www.facebook.com'];

function utcOf(value: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) throw new Error(`DTSTART is not UTC: ${value}`);
  const [, y, mo, d, h, mi, s] = m.map(Number);
  return Date.UTC(y, mo - 1, d, h, mi, s);
}

/** Every request the page makes to another origin. */
function recordThirdParty(page: Page, origin: () => string): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).origin !== origin()) seen.push(request.url());
  });
  return seen;
}

for (const path of ['/', '/speakers']) {
  test.describe(path, () => {
    test('"Add to calendar" is a valid iCalendar file starting at the launch moment', async ({
      page,
      request,
    }) => {
      await page.goto(path);
      const link = page.getByRole('link', { name: CALENDAR_LINK_LABEL });
      await expect(link).toBeVisible();
      const href = (await link.getAttribute('href')) ?? '';
      const response = await request.get(href);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toMatch(/^text\/calendar/);
      const body = await response.text();
      expect(body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
      expect(body.endsWith('END:VCALENDAR\r\n')).toBe(true);
      expect(body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      const lines = body.replace(/\r\n[ \t]/g, '').split('\r\n');
      for (const name of ['UID', 'DTSTAMP', 'DTSTART', 'DTEND', 'SUMMARY']) {
        expect(
          lines.some((line) => line.startsWith(`${name}:`)),
          name,
        ).toBe(true);
      }
      const start = lines.find((line) => line.startsWith('DTSTART:'))?.slice('DTSTART:'.length);
      expect(utcOf(start ?? '')).toBe(LAUNCH_AT_MS);
    });

    test('share links: WhatsApp first, each opening a new tab, no request until tapped', async ({
      page,
      baseURL,
    }) => {
      const thirdParty = recordThirdParty(page, () => new URL(baseURL ?? '').origin);
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const links = page.getByRole('navigation', { name: SHARE_TITLE }).getByRole('link');
      await expect(links).toHaveCount(SHARE_TARGETS.length);
      for (const [index, { label }] of SHARE_TARGETS.entries()) {
        const link = links.nth(index);
        await expect(link).toHaveAccessibleName(new RegExp(`Share on ${label}\\b`));
        await expect(link).toHaveAttribute('target', '_blank');
        await expect(link).toHaveAttribute('rel', /\bnoopener\b/);
        const href = new URL((await link.getAttribute('href')) ?? '');
        expect(href.protocol).toBe('https:');
        expect(href.hostname).toBe(SHARE_HOSTS[index]);
        // The shared address is the site's own home page.
        expect(href.search).toMatch(/https?%3A%2F%2F/);
      }
      expect(thirdParty, 'third-party requests before any tap').toEqual([]);
    });

    test('the phone share sheet is offered only where the browser has one', async ({ page }) => {
      // As on a desktop browser without Web Share, whatever this Chromium offers.
      await page.addInitScript(() => {
        delete (Navigator.prototype as { share?: unknown }).share;
      });
      await page.goto(path);
      await expect(page.getByRole('button', { name: NATIVE_SHARE_LABEL })).toHaveCount(0);
    });

    test('where the browser has a share sheet, the button opens it with the site link', async ({
      page,
    }) => {
      await page.addInitScript(() => {
        const calls: ShareData[] = [];
        Object.assign(window, { shareCalls: calls });
        Object.defineProperty(navigator, 'share', {
          value: (data: ShareData) => {
            calls.push(data);
            return Promise.resolve();
          },
        });
      });
      await page.goto(path);
      const button = page.getByRole('button', { name: NATIVE_SHARE_LABEL });
      await expect(button).toBeVisible();
      await button.click();
      const calls = await page.evaluate(
        () => (window as unknown as { shareCalls: ShareData[] }).shareCalls,
      );
      expect(calls).toHaveLength(1);
      expect(new URL(calls[0].url ?? '').pathname).toBe('/');
      expect(calls[0].text).toBeTruthy();
    });
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the calendar and share links are there; the share-sheet button is not', async ({
    page,
  }) => {
    await page.goto('/speakers');
    await expect(page.getByRole('link', { name: CALENDAR_LINK_LABEL })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: SHARE_TITLE }).getByRole('link').first(),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: NATIVE_SHARE_LABEL })).toHaveCount(0);
  });
});
