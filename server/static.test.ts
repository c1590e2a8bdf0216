// Static serving of the build output, on a fixture dist/ made here (the real site is another
// engineer's; e2e covers it).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressDist } from '../scripts/compress.ts';
import type { Db } from '../platform/db/types.ts';
import { pgliteDatabase } from '../test-support/databases.ts';
import { testApp } from '../test-support/app.ts';
import { STRICT_CSP } from '../common/csp-policy.ts';
import { metaCsp, pageCsp } from './csp.ts';
import { headersFile } from './static.ts';

const POLICY = "default-src 'self'; script-src 'self' 'sha256-abc='; style-src 'self'";
const page = (title: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="content-security-policy" content="${POLICY.replace(/'/g, '&#39;')}"><title>${title}</title></head><body><h1>${title}</h1>${'<p>lorem ipsum dolor sit amet</p>'.repeat(40)}<script>console.log(1)</script></body></html>`;

describe('static site', () => {
  let dist: string;
  let db: Db;
  let app: ReturnType<typeof testApp>;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'tedx-dist-'));
    mkdirSync(join(dist, 'about'));
    mkdirSync(join(dist, 'speakers'));
    mkdirSync(join(dist, '_astro'));
    writeFileSync(join(dist, 'index.html'), page('Home'));
    writeFileSync(join(dist, 'about/index.html'), page('About'));
    writeFileSync(join(dist, 'speakers/index.html'), page('Speakers'));
    writeFileSync(join(dist, '404.html'), page('404'));
    writeFileSync(join(dist, '_astro/app.AbC123.js'), 'export const x = 1;\n'.repeat(200));
    writeFileSync(join(dist, 'favicon.ico'), Buffer.alloc(64, 1));
    writeFileSync(join(dist, 'icon.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    compressDist(dist);
    writeFileSync(join(dist, '_headers'), await headersFile(dist));
    db = await pgliteDatabase.open();
    app = testApp(db, { distDir: dist });
  });
  afterAll(async () => {
    await db.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    app.request('http://localhost' + path, { headers });

  it.each([
    ['/', 'Home'],
    ['/about', 'About'],
    ['/about/', 'About'],
    ['/speakers', 'Speakers'],
    ['/speakers/', 'Speakers'],
  ])('serves the prerendered page for %s', async (path, title) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain(`<h1>${title}</h1>`);
  });

  it('answers unknown paths with the not-found page and 404', async () => {
    for (const path of [
      '/nope',
      '/about/nope',
      '/rest',
      '/../etc/passwd',
      '/index.html/x',
      '/404.html',
      '/404',
      // The static hosts' files and the compressed variants by name are not pages.
      '/_headers',
      '/index.html.br',
      '/about/index.html.gz',
    ]) {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('<h1>404</h1>');
    }
  });

  it('sends the page CSP from its meta tag plus frame-ancestors, never unsafe-inline', async () => {
    const csp = (await get('/')).headers.get('content-security-policy') ?? '';
    expect(csp).toBe(`${POLICY}; frame-ancestors 'none'`);
    expect(csp).not.toMatch(/unsafe-(inline|eval)/);
    expect((await get('/nope')).headers.get('content-security-policy')).toContain("'sha256-abc='");
    expect((await get('/_astro/app.AbC123.js')).headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });

  it('serves brotli or gzip as accepted, with Vary, and the plain file otherwise', async () => {
    const plain = readFileSync(join(dist, 'index.html'), 'utf8');
    const br = await get('/', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(plain);
    const gz = await get('/', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(plain);
    const none = await get('/', { 'Accept-Encoding': 'br;q=0, identity' });
    expect(none.headers.get('content-encoding')).toBeNull();
    expect(await none.text()).toBe(plain);
  });

  it('caches hashed assets for a year, immutable; revalidates HTML with ETag', async () => {
    const asset = await get('/_astro/app.AbC123.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const first = await get('/about/', { 'Accept-Encoding': 'br' });
    const etag = first.headers.get('etag') ?? '';
    const again = await get('/about/', { 'Accept-Encoding': 'br', 'If-None-Match': etag });
    expect(again.status).toBe(304);
    // A browser merges a 304's headers into the cached page: the page's own policy, not the
    // strict default that would block its inline styles and scripts.
    expect(again.headers.get('content-security-policy')).toBe(
      first.headers.get('content-security-policy'),
    );
    expect(again.headers.get('content-security-policy')).not.toBe(STRICT_CSP);
  });

  it('puts the security headers on pages and files, without X-Powered-By', async () => {
    for (const path of ['/', '/nope', '/icon.png']) {
      const res = await get(path);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('permissions-policy')).toContain('geolocation=()');
      expect(res.headers.get('x-powered-by')).toBeNull();
    }
  });

  it('answers HEAD without a body and other methods with 405', async () => {
    const head = await app.request('http://localhost/', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    for (const [path, method] of [
      ['/', 'POST'],
      ['/nope', 'DELETE'],
    ]) {
      const res = await app.request(`http://localhost${path}`, { method });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD');
    }
  });

  it('writes dist/_headers for static hosts with the same policy and caching', () => {
    const file = readFileSync(join(dist, '_headers'), 'utf8');
    expect(file).toContain(`Content-Security-Policy: ${POLICY}; frame-ancestors 'none'`);
    expect(file).toMatch(/\/_astro\/\*\n {2}Cache-Control: public, max-age=31536000, immutable/);
    expect(file).toMatch(/\/about\/\n {2}Cache-Control: no-cache/);
    expect(file).toContain('X-Content-Type-Options: nosniff');
  });

  it('reads the meta policy in any attribute order and quoting; hashes inline scripts without one', () => {
    expect(
      metaCsp(`<meta content="default-src 'none'" http-equiv="Content-Security-Policy">`),
    ).toBe("default-src 'none'");
    const fallback = pageCsp('<script>alert(1)</script><script src="/a.js"></script>');
    expect(fallback).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'; /);
    expect(fallback).not.toContain('unsafe-inline');
  });
});
