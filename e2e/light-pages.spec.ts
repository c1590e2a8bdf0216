// Lightness and calm (islands only where needed; animations as specified):
// pages with nothing interactive ship no React, no page logs a console error, and animations stop
// under prefers-reduced-motion.
import type { Page } from '@playwright/test';
import { SPEAKER_REVEAL_TEXT } from '../content/speakers.ts';
import { SITE_BUDGET } from '../test-support/budgets.ts';
import { PAGES, expect, scrollToEnd, test, waitForIslands, waitForStill } from './fixtures';

/** Markers that only React DOM's client bundle carries, minified or not. */
const REACT_DOM_MARKERS =
  /react-dom|__reactContainer|__reactFiber|hydrateRoot|react\.transitional\.element/;
const TINY_SCRIPT_BYTES = 4096;

async function scriptsOf(page: Page, path: string) {
  const external: { url: string; body: Promise<string> }[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') {
      external.push({ url: response.url(), body: response.text().catch(() => '') });
    }
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await scrollToEnd(page, 1500);
  await waitForStill(page);
  const inline = await page
    .locator('script:not([src])')
    .evaluateAll((scripts) =>
      scripts
        .filter(
          (script) =>
            !['application/ld+json', 'application/json'].includes(
              (script as HTMLScriptElement).type,
            ),
        )
        .map((script) => script.textContent ?? ''),
    );
  return {
    external: await Promise.all(external.map(async ({ url, body }) => ({ url, body: await body }))),
    inline,
  };
}

for (const path of ['/about', '/speakers', '/privacy']) {
  test(`${path} loads no React and at most a tiny script`, async ({ page }) => {
    const { external, inline } = await scriptsOf(page, path);
    for (const { url, body } of external)
      expect(body, `${url} is React DOM`).not.toMatch(REACT_DOM_MARKERS);
    for (const body of inline)
      expect(body, 'inline script with React DOM').not.toMatch(REACT_DOM_MARKERS);
    await expect(page.locator('astro-island')).toHaveCount(0);
    const bytes =
      external.reduce((sum, { body }) => sum + Buffer.byteLength(body), 0) +
      inline.reduce((sum, body) => sum + Buffer.byteLength(body), 0);
    expect(
      bytes,
      `JavaScript on ${path}: ${external.map(({ url }) => url).join(', ')}`,
    ).toBeLessThanOrEqual(TINY_SCRIPT_BYTES);
  });
}

test('/ hydrates React islands (countdown, form) and nothing else loads React twice', async ({
  page,
}) => {
  const { external } = await scriptsOf(page, '/');
  expect(
    external.some(({ body }) => REACT_DOM_MARKERS.test(body)),
    'React DOM on /',
  ).toBe(true);
  await waitForIslands(page);
});

for (const path of PAGES) {
  test(`${path} logs no console error and calls no other origin, from load to the bottom of the page`, async ({
    page,
    consoleGuard,
    baseURL,
  }) => {
    // Fonts are self-hosted and the page itself makes no calls.
    const foreign: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (!['http:', 'https:'].includes(url.protocol)) return;
      if (url.origin !== new URL(baseURL ?? '').origin) foreign.push(request.url());
    });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await scrollToEnd(page);
    await waitForStill(page);
    expect(consoleGuard.errors).toEqual([]);
    expect(foreign, 'requests to other origins').toEqual([]);
  });
}

test.describe('prefers-reduced-motion: reduce', () => {
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
  });

  test('speaker cards are visible at once, without transitions or animations', async ({ page }) => {
    await page.goto('/speakers');
    const cards = page.locator('main').getByText(SPEAKER_REVEAL_TEXT, { exact: true });
    await expect(cards).toHaveCount(9);
    // No scrolling: even the cards far below the fold are already in their final state.
    const states = await page.evaluate(() => {
      const seconds = (value: string) =>
        Math.max(
          ...value
            .split(',')
            .map((part) => parseFloat(part) * (part.trim().endsWith('ms') ? 0.001 : 1)),
        );
      const moving: string[] = [];
      for (const element of document.querySelectorAll('main *')) {
        const style = getComputedStyle(element);
        const animated =
          style.animationName !== 'none' &&
          seconds(style.animationDuration) > 0.01 &&
          style.animationPlayState !== 'paused';
        const transitions =
          style.transitionProperty !== 'none' && seconds(style.transitionDuration) > 0.01;
        const transitionsMotion =
          transitions && /all|opacity|transform|translate|scale/.test(style.transitionProperty);
        if (animated || transitionsMotion) {
          moving.push(
            `${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''}: ${style.animationName} ${style.animationDuration} / ${style.transitionProperty} ${style.transitionDuration}`,
          );
        }
      }
      return moving;
    });
    expect(states, 'elements that still animate or transition motion').toEqual([]);

    const faded = await page.evaluate((revealText) => {
      const reveal = [...document.querySelectorAll('main *')].filter(
        (element) => element.children.length === 0 && element.textContent?.trim() === revealText,
      );
      return reveal.flatMap((element) => {
        const problems: string[] = [];
        for (
          let node: Element | null = element;
          node && node.tagName !== 'MAIN';
          node = node.parentElement
        ) {
          const style = getComputedStyle(node);
          if (parseFloat(style.opacity) < 1)
            problems.push(`opacity ${style.opacity} on ${node.tagName}`);
          if (style.transform !== 'none' && style.transform !== 'matrix(1, 0, 0, 1, 0, 0)')
            problems.push(`transform ${style.transform} on ${node.tagName}`);
          if (style.translate !== 'none' && style.translate !== '0px')
            problems.push(`translate ${style.translate} on ${node.tagName}`);
        }
        return problems;
      });
    }, SPEAKER_REVEAL_TEXT);
    expect(faded, 'cards in their final position and fully opaque').toEqual([]);
  });

  test('the home page does not animate either', async ({ page }) => {
    await page.goto('/');
    await waitForIslands(page);
    const moving = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((element) => {
          const style = getComputedStyle(element);
          return (
            style.animationName !== 'none' &&
            !/^0s?$|^0\.0+\d*m?s$/.test(style.animationDuration) &&
            style.animationPlayState !== 'paused'
          );
        })
        .map(
          (element) => `${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''}`,
        ),
    );
    expect(moving).toEqual([]);
  });
});

test('with motion allowed, speaker cards fade in as they scroll into view', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.goto('/speakers');
  const last = page.locator('main').getByText(SPEAKER_REVEAL_TEXT, { exact: true }).last();
  // Find the card element carrying the fade (the nearest ancestor with a transition or animation).
  const lastOpacity = () =>
    last.evaluate((element) => {
      let lowest = 1;
      for (
        let node: Element | null = element;
        node && node.tagName !== 'MAIN';
        node = node.parentElement
      ) {
        lowest = Math.min(lowest, parseFloat(getComputedStyle(node).opacity));
      }
      return lowest;
    });
  if (((await last.boundingBox())?.y ?? 0) > 800) {
    expect(await lastOpacity(), 'a card below the fold waits to fade in').toBeLessThan(1);
  }
  await last.scrollIntoViewIfNeeded();
  await expect.poll(lastOpacity, { timeout: 4000 }).toBe(1);
});

test('animations follow the spec: hero 0.8 s, cards staggered 0.1 s, glow pulsing every 3 s', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  for (const path of ['/', '/speakers']) {
    await page.goto(path);
    const heroFade = await page.getByRole('heading', { level: 1 }).evaluate((heading) => {
      for (let node: Element | null = heading; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.animationName !== 'none') return style.animationDuration;
      }
      return 'none';
    });
    expect(heroFade, `hero fade-in on ${path}`).toBe('0.8s');
  }

  const cards = page.getByRole('article').filter({ hasText: SPEAKER_REVEAL_TEXT });
  await expect(cards).toHaveCount(9);
  const timings = await cards.evaluateAll((elements) =>
    elements.map((card) => {
      let delay = 0;
      for (
        let node: Element | null = card;
        node && node.tagName !== 'MAIN';
        node = node.parentElement
      ) {
        const delays = getComputedStyle(node)
          .transitionDelay.split(',')
          .map((part) => parseFloat(part));
        delay = Math.max(delay, ...delays);
      }
      const pulse = [...card.querySelectorAll('*')]
        .map((element) => getComputedStyle(element))
        .find(
          (style) => style.animationName !== 'none' && style.animationIterationCount === 'infinite',
        );
      return {
        delay: Math.round(delay * 1000) / 1000,
        pulse: pulse ? pulse.animationDuration : 'none',
      };
    }),
  );
  expect(timings.map(({ delay }) => delay)).toEqual([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8]);
  expect(timings.map(({ pulse }) => pulse)).toEqual(Array(9).fill('3s'));
});

test(`initial JavaScript on / stays within the budget, ${(SITE_BUDGET.homeJsBytes / 1024).toFixed(1)} KB compressed (supabase-js not included)`, async ({
  page,
}) => {
  const scripts: Promise<{ url: string; bytes: number; encoding: string }>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    scripts.push(
      (async () => {
        const response = await request.response();
        const sizes = await request.sizes();
        return {
          url: request.url(),
          bytes: sizes.responseBodySize,
          encoding: (await response?.headerValue('content-encoding')) ?? 'identity',
        };
      })(),
    );
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await waitForIslands(page);
  const loaded = await Promise.all(scripts);
  const inline = await page
    .locator('script:not([src])')
    .evaluateAll((elements) =>
      elements.reduce((sum, element) => sum + (element.textContent ?? '').length, 0),
    );
  const total = loaded.reduce((sum, { bytes }) => sum + bytes, 0);
  // Anything bigger than a few hundred bytes is worth compressing (tiny files may go as they are).
  for (const { url, encoding, bytes } of loaded) {
    if (bytes > 1024) expect(encoding, `${url} is served compressed`).toMatch(/br|gzip/);
  }
  // Inline scripts travel inside the compressed HTML; count them at a third of their size.
  expect(total + inline / 3, JSON.stringify(loaded)).toBeLessThanOrEqual(SITE_BUDGET.homeJsBytes);
});
