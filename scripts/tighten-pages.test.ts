import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { metaCsp } from '../server/csp.ts';
import { stylesToHead, tightenPage } from './tighten-pages.ts';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const CSS =
  '.used{color:red}.unused{color:blue}.only-in-island{color:green}' +
  '.\\[\\&_p\\]\\:mx-auto p{margin-inline:auto}' +
  '.aria-\\[current\\=page\\]\\:text-accent[aria-current=page]{color:#ff4a3d}' +
  '.sm\\:py-24{padding-block:6rem}@font-face{font-family:X;src:url(x.woff2)}';
const SCRIPT = 'document.body.dataset.ready = "1";';
const OTHER_PAGE_SCRIPT = 'console.log("another page");';
const page = (css: string, policy: string) =>
  `<!doctype html><html><head><meta http-equiv="content-security-policy" content="${policy}">` +
  `<style>${css}</style><script type="application/ld+json">{"@type":"Event"}</script>` +
  `<script type="module">${SCRIPT}</script></head><body>` +
  `<p class="used sm:py-24">Hi</p><div class="[&amp;_p]:mx-auto"><p>centred</p></div>` +
  `<a aria-current="page" class="aria-[current=page]:text-accent" href="/">Home</a></body></html>`;
const ASTRO_POLICY =
  `default-src 'self'; script-src 'self' ${hash(SCRIPT)} ${hash(OTHER_PAGE_SCRIPT)}; ` +
  `style-src 'self' ${hash(CSS)};`;

describe('tightenPage', () => {
  it('keeps the rules the page or a script uses and drops the rest', async () => {
    const html = await tightenPage(page(CSS, ASTRO_POLICY), 'el.className = "only-in-island";');
    const css = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    expect(css).toContain('.used{');
    expect(css).toContain('.only-in-island{');
    expect(css).toContain('mx-auto p{'); // written [&amp;_p] in the HTML
    expect(css).toContain('[aria-current=page]{'); // an attribute variant
    expect(css).toContain('.sm\\:py-24{'); // a responsive variant
    expect(css).toContain('@font-face');
    expect(css).not.toContain('.unused');
  });

  it("lists exactly the page's own inline code in its policy, the rest unchanged", async () => {
    const html = await tightenPage(page(CSS, ASTRO_POLICY), '');
    const css = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    expect(css).not.toBe(CSS);
    expect(metaCsp(html)).toBe(
      `default-src 'self'; script-src 'self' ${hash(SCRIPT)}; style-src 'self' ${hash(css)};`,
    );
  });

  it('leaves a page without a policy or styles as it was', async () => {
    const html = '<!doctype html><html><body><p>plain</p></body></html>';
    expect(await tightenPage(html, '')).toBe(html);
  });
});

describe('stylesToHead', () => {
  it("moves a <style> out of <body> into <head>, after the head's own", () => {
    const island = '<style>astro-island{display:contents}</style>';
    const html =
      '<!doctype html><html><head><style>.a{}</style></head><body><p>x</p>' +
      `${island}<astro-island></astro-island></body></html>`;
    expect(stylesToHead(html)).toBe(
      `<!doctype html><html><head><style>.a{}</style>${island}</head><body><p>x</p>` +
        '<astro-island></astro-island></body></html>',
    );
  });

  it('leaves the styles in <head> (a <noscript> one too) where they are', () => {
    const html =
      '<html><head><noscript><style>.f{}</style></noscript><style>.a{}</style></head>' +
      '<body><p>x</p></body></html>';
    expect(stylesToHead(html)).toBe(html);
  });
});
