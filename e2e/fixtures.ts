// Shared fixtures for the browser tests. Every test gets a console guard that fails it on any
// uncaught page error and on any console error it did not allow explicitly.
import AxeBuilder from '@axe-core/playwright';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Locator,
  type Page,
  type Request,
} from '@playwright/test';
import { pathToFileURL } from 'node:url';
import { SIGNUP_OUTCOME_PATHS, SIGNUP_TABLE } from '../common/signup-contract.ts';

export { expect };

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };
export const NARROWEST = { width: 320, height: 640 };

export const PAGES = ['/', '/about', '/speakers'] as const;

/** Every page the site builds: the routes, the not-found page and the no-JavaScript sign-up
 * outcome pages. */
export const EVERY_PAGE = ['/', '/about', '/speakers', '/privacy', '/not-a-route'].concat(
  Object.values(SIGNUP_OUTCOME_PATHS),
);

/** The spec's scroll-to offset and how far a landing may be off. */
const SCROLL_OFFSET = 100;
const SCROLL_TOLERANCE = 4;

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface ConsoleGuard {
  /** Allow console errors whose text matches; everything else still fails the test. */
  allow(pattern: RegExp): void;
  /** The text of every console error seen so far, allowed or not, in order. */
  readonly errors: readonly string[];
}

interface Fixtures {
  consoleGuard: ConsoleGuard;
}

export const test = base.extend<Fixtures>({
  consoleGuard: [
    async ({ page }, use) => {
      const errors: string[] = [];
      const sources: string[] = [];
      const pageErrors: string[] = [];
      const allowed: RegExp[] = [];
      const watch = (target: Page) => {
        target.on('console', (message) => {
          if (message.type() !== 'error') return;
          errors.push(message.text());
          sources.push(message.location().url);
        });
        target.on('pageerror', (error) => pageErrors.push(String(error.stack ?? error)));
      };
      watch(page);
      page.context().on('page', watch);

      await use({
        allow: (pattern) => allowed.push(pattern),
        get errors() {
          return errors;
        },
      });

      const unexpected = errors
        .map((text, index) => ({ text, at: sources[index] }))
        .filter(({ text }) => !allowed.some((pattern) => pattern.test(text)))
        .map(({ text, at }) => (at ? `${text} (at ${at})` : text));
      expect(pageErrors, 'uncaught errors in the page').toEqual([]);
      expect(unexpected, 'console errors the test did not expect').toEqual([]);
    },
    { auto: true },
  ],
});

/** Chromium logs every 4xx/5xx response as a console error; tests that cause one allow it. */
export function failedResourcePattern(status: number): RegExp {
  return new RegExp(`Failed to load resource: the server responded with a status of ${status}`);
}

/** Run axe with the WCAG 2.2 AA rule set and fail with a readable list of violations. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const summary = results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
  }));
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * Opens a file from disk as someone opens a file they were sent, with every request other than
 * the file itself refused; returns the requests the page made, to check that it made none.
 */
export async function openOffline(
  page: Page,
  file: string,
): Promise<{ url: string; requested: string[] }> {
  const url = pathToFileURL(file).href;
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.route('**/*', (route) =>
    route.request().url() === url ? route.continue() : route.abort('blockedbyclient'),
  );
  await page.goto(url);
  await page.evaluate(() => document.fonts.ready);
  return { url, requested };
}

/** Text as a visitor reads it, whitespace collapsed (block boundaries become spaces). */
export async function visibleText(locator: Locator): Promise<string> {
  return (await locator.innerText()).replace(/\s+/g, ' ').trim();
}

/** Text as written in the document (ignores CSS text-transform), whitespace collapsed. */
export async function writtenText(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

/** Assert that the given elements appear in this order in the document. */
export async function expectInDocumentOrder(locators: Locator[]): Promise<void> {
  for (let index = 1; index < locators.length; index += 1) {
    const before = await locators[index - 1].first().elementHandle();
    const after = await locators[index].first().elementHandle();
    const follows = await before.evaluate(
      (first, second) =>
        !!(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING),
      after,
    );
    expect(follows, `${locators[index]} should come after ${locators[index - 1]}`).toBe(true);
  }
}

/**
 * Wait until the element with this id rests ~100 px below the viewport top.
 * Where the page is too short to scroll that far, the browser stops at the bottom of the page,
 * with the element lower than 100 px: that is the best any page can do, and is accepted.
 */
export async function expectLandedAtOffset(page: Page, id: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const { top, atBottom } = await page.evaluate((elementId) => {
          const element = document.getElementById(elementId);
          const scroller = document.scrollingElement ?? document.documentElement;
          // Between two documents (a link followed to another page) there is none yet.
          if (!scroller) return { top: Number.NaN, atBottom: false };
          return {
            top: element ? element.getBoundingClientRect().top : Number.NaN,
            atBottom:
              Math.ceil(scroller.scrollTop + window.innerHeight) >= scroller.scrollHeight - 1,
          };
        }, id);
        if (Math.abs(top - SCROLL_OFFSET) <= SCROLL_TOLERANCE) return 'at offset';
        if (atBottom && top > SCROLL_OFFSET) return 'at offset';
        return `top at ${Math.round(top)} px${atBottom ? ' (page bottom)' : ''}`;
      },
      { message: `#${id} should rest ${SCROLL_OFFSET} px below the viewport top`, timeout: 5_000 },
    )
    .toBe('at offset');
}

let emailCounter = 0;
/** A sign-up address no other test (or earlier run) uses. */
export function uniqueEmail(label: string): string {
  emailCounter += 1;
  const stamp = `${Date.now().toString(36)}${process.pid.toString(36)}${emailCounter}`;
  return `e2e-${label}-${stamp}@example.org`;
}

/** Scrolls to the end of the page with the wheel, as a visitor does, each step once it has moved. */
export async function scrollToEnd(page: Page, step = 800): Promise<void> {
  for (let steps = 0; steps < 100; steps += 1) {
    const { y, end } = await page.evaluate(() => ({
      y: scrollY,
      end: scrollY + innerHeight >= document.documentElement.scrollHeight - 1,
    }));
    if (end) return;
    await page.mouse.wheel(0, step);
    await page.waitForFunction(
      (before) =>
        scrollY !== before || scrollY + innerHeight >= document.documentElement.scrollHeight - 1,
      y,
    );
  }
}

/**
 * Waits until the page is still: every image loaded, and every animation or transition that ends
 * (the speaker cards' fade-in, not the glow that pulses forever) has ended.
 */
export async function waitForStill(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      [...document.images].every((image) => image.complete) &&
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.effect?.getTiming().iterations === Infinity ||
            animation.playState !== 'running',
        ),
  );
}

/**
 * Hydrate every Astro island on the page and wait until each has (Astro drops `ssr` when it has).
 * Islands hydrate as they come near the viewport (client:visible): each one still waiting is
 * brought into view in turn, and the scroll position is then put back where the test had it.
 */
export async function waitForIslands(page: Page): Promise<void> {
  const before = await page.evaluate(() => scrollY);
  let scrolled = false;
  for (
    let island = await page.$('astro-island[ssr]');
    island;
    island = await page.$('astro-island[ssr]')
  ) {
    // An island is display: contents, with no box of its own: scroll to what it holds.
    await island.evaluate((element) =>
      (element.firstElementChild ?? element).scrollIntoView({
        block: 'center',
        behavior: 'instant',
      }),
    );
    scrolled = true;
    await page.waitForFunction((element) => !element.hasAttribute('ssr'), island, {
      timeout: 10_000,
    });
  }
  if (scrolled) await page.evaluate((top) => scrollTo({ top, behavior: 'instant' }), before);
}

export interface StoredSignup {
  email: string;
  first_name: string | null;
  created_at?: string;
  source?: string | null;
}

/** The sign-up itself: the island's POST to the table (supabase-js). */
export function isInsert(request: Request): boolean {
  return (
    request.method() === 'POST' && new URL(request.url()).pathname === `/rest/v1/${SIGNUP_TABLE}`
  );
}

/**
 * What the real server stored, read back as the organiser tools do: the service role's paging
 * function, with the key that playwright.config.ts gave the server.
 */
export async function storedSignups(request: APIRequestContext): Promise<StoredSignup[]> {
  const key = process.env.E2E_SERVICE_ROLE_KEY;
  if (!key) throw new Error('E2E_SERVICE_ROLE_KEY is not set: run through playwright.config.ts');
  const rows: (StoredSignup & { id: number })[] = [];
  for (let after = 0; ;) {
    const response = await request.post('/rest/v1/rpc/tedxcommunity_signups_page', {
      headers: { apikey: key, Authorization: `Bearer ${key}` },
      data: { p_after: after, p_limit: 1000 },
    });
    expect(response.status(), await response.text()).toBe(200);
    const page = (await response.json()) as (StoredSignup & { id: number })[];
    if (page.length === 0) return rows;
    rows.push(...page);
    after = page[page.length - 1].id;
  }
}

/** The element's bounding box; fails the test when the element is not rendered. */
export async function boxOf(
  locator: Locator,
): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} is not rendered`);
  return box;
}

/** HTML text with the entities a layout writes in attributes and text undone. */
export function decodeEntities(html: string): string {
  return html
    .replace(/&#39;|&#x27;|&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/** A <meta> tag's content, decoded, as the server sent it (before any script ran). */
export function metaContent(
  html: string,
  attribute: 'name' | 'property',
  key: string,
): string | undefined {
  const tag = html.match(new RegExp(`<meta[^>]*${attribute}="${key}"[^>]*>`, 'i'))?.[0];
  const content = tag?.match(/content="([^"]*)"/i)?.[1];
  return content === undefined ? undefined : decodeEntities(content);
}

/** Fetches a PNG (failing the test unless it is served, and is one): its size and its bytes. */
export async function fetchPng(request: APIRequestContext, url: string) {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  const body = await response.body();
  expect(body.subarray(1, 4).toString('latin1'), `${url} is a PNG`).toBe('PNG');
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20), bytes: body.length };
}
