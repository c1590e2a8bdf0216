// Prerendered and findable (issue 2): every route is complete HTML before any script runs, with
// its own title and description, share tags with a real 1200x630 image, a canonical URL,
// schema.org Event data on `/`, robots.txt, a sitemap, icons and a web manifest.
import { EVENT_FULL_NAME, LAUNCH_AT } from '../content/event.ts';
import { decodeEntities, expect, fetchPng, metaContent, test } from './fixtures';

const ROUTES = [
  {
    path: '/',
    mustContain: ["Sneak Peek - See Who's Coming", 'Event Launching In', 'Be the First to Know'],
  },
  { path: '/about', mustContain: ['About TEDx', 'About TED', 'Follow TED on'] },
  {
    path: '/speakers',
    mustContain: [
      'Ten extraordinary minds. One transformative stage.',
      'Be There When the Curtain Rises',
    ],
  },
  {
    path: '/privacy',
    mustContain: ['Who keeps it', 'What it is for', 'Personal Data Protection Office'],
  },
  { path: '/not-a-route', mustContain: ['404', 'Oops! Page not found', 'Return to Home'] },
];

/** The document's text as written, without markup (tags and comments dropped). */
function textOf(html: string): string {
  return decodeEntities(
    html
      .replace(/<(script|style)[\s\S]*?<\/\1>/g, '')
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<[^>]+>/g, ''),
  ).replace(/\s+/g, ' ');
}

test('every route is prerendered HTML with its content, title and description', async ({
  request,
}) => {
  const titles = new Set<string>();
  const descriptions = new Set<string>();
  for (const { path, mustContain } of ROUTES) {
    const response = await request.get(path);
    const html = decodeEntities(await response.text());
    const text = textOf(html);
    for (const expected of mustContain) {
      expect(text, `${path} holds "${expected}" before scripts`).toContain(expected);
    }
    const title = html.match(/<title>([^<]+)<\/title>/)?.[1];
    const description = metaContent(html, 'name', 'description');
    expect(title, `${path} title`).toBeTruthy();
    expect(description, `${path} description`).toBeTruthy();
    titles.add(title ?? '');
    descriptions.add(description ?? '');
    expect(html).toMatch(/<html[^>]*lang="en/);
  }
  expect(titles.size, 'distinct titles').toBe(ROUTES.length);
  expect(descriptions.size, 'distinct descriptions').toBe(ROUTES.length);
});

test('share tags, canonical URL and a real 1200x630 share image', async ({ request }) => {
  for (const path of ['/', '/about', '/speakers', '/privacy']) {
    const html = await (await request.get(path)).text();
    const canonical = html.match(/<link[^>]*rel="canonical"[^>]*href="([^"]+)"/)?.[1];
    expect(canonical, `${path} canonical`).toMatch(/^https?:\/\//);
    expect(new URL(canonical ?? 'x:').pathname.replace(/\/$/, '')).toBe(path.replace(/\/$/, ''));
    for (const key of ['og:title', 'og:description', 'og:image', 'og:url', 'og:type']) {
      expect(metaContent(html, 'property', key), `${path} ${key}`).toBeTruthy();
    }
    expect(metaContent(html, 'name', 'twitter:card'), `${path} twitter:card`).toBe(
      'summary_large_image',
    );
    const image = metaContent(html, 'property', 'og:image') ?? '';
    const { width, height } = await fetchPng(request, new URL(image).pathname);
    expect({ width, height }).toEqual({ width: 1200, height: 630 });
  }
});

test('the home page describes the event as schema.org Event data', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const blocks = [
    ...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g),
  ];
  const items = blocks.flatMap(([, json]) => {
    const parsed = JSON.parse(json) as unknown;
    return Array.isArray(parsed) ? parsed : [parsed];
  }) as { '@type'?: string; startDate?: string; name?: string }[];
  const event = items.find((item) => item['@type'] === 'Event');
  expect(event, 'an Event item').toBeDefined();
  expect(event?.name).toBeTruthy();
  expect(event?.startDate).toBe(LAUNCH_AT);
  expect(event?.name).toBe(EVENT_FULL_NAME);
});

test('robots.txt, sitemap, icons and web manifest are served', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toMatch(/Sitemap:\s*https?:\/\/\S+/i);

  const home = await (await request.get('/')).text();
  const sitemapIndex = await request.get('/sitemap-index.xml');
  expect(sitemapIndex.status()).toBe(200);
  const sitemapUrl = (await sitemapIndex.text()).match(/<loc>([^<]+)<\/loc>/)?.[1] ?? '';
  const sitemap = await (await request.get(new URL(sitemapUrl).pathname)).text();
  for (const path of ['/about', '/speakers', '/privacy'])
    expect(sitemap).toMatch(new RegExp(`${path}/?</loc>`));
  expect(sitemap).not.toMatch(/404/);
  // The pages a no-JavaScript sign-up lands on are not for search engines.
  expect(sitemap).not.toMatch(/\/signup\//);

  for (const rel of ['icon', 'apple-touch-icon', 'manifest']) {
    const href = home.match(new RegExp(`<link[^>]*rel="${rel}"[^>]*href="([^"]+)"`))?.[1];
    expect(href, `<link rel="${rel}">`).toBeTruthy();
    const response = await request.get(href ?? '');
    expect(response.status(), `${rel} at ${href}`).toBe(200);
  }
});

// The manifest is not needed for the first paint: linked from the head, browsers fetched it while
// the page loaded, a request Lighthouse counted before the largest paint (docs/performance.md).
test.describe('web manifest after the first paint', () => {
  test('with JavaScript, it is linked once, after the first contentful paint', async ({ page }) => {
    await page.addInitScript(() => {
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes)
            if (node instanceof HTMLLinkElement && node.rel === 'manifest')
              (window as unknown as { manifestAt: number }).manifestAt = performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/about');
    await expect(page.locator('head > link[rel="manifest"]')).toHaveCount(1);
    const { manifestAt, paintedAt } = await page.evaluate(() => ({
      manifestAt: (window as unknown as { manifestAt: number }).manifestAt,
      paintedAt: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    }));
    expect(paintedAt).toBeGreaterThan(0);
    expect(manifestAt).toBeGreaterThan(paintedAt);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the <noscript> links it from the head', async ({ page }) => {
      await page.goto('/about');
      await expect(page.locator('head link[rel="manifest"]')).toHaveAttribute(
        'href',
        '/manifest.webmanifest',
      );
    });
  });
});
