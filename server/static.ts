// The built site (dist/): Hono's serveStatic and etag, plus what they cannot know, worked out once
// at start: each page's CSP (from its meta tag), the cache policy, a content ETag.
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, MiddlewareHandler } from 'hono';
import { etag, RETAINED_304_HEADERS } from 'hono/etag';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { STRICT_CSP } from '../common/csp-policy.ts';
import { pageCsp } from './csp.ts';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=3600';

export const COMPRESSIBLE = new Set([
  'html',
  'js',
  'mjs',
  'css',
  'svg',
  'json',
  'map',
  'webmanifest',
  'xml',
  'txt',
  'ics',
  'ico',
]);

/** Every file below `dir`. */
export const walk = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));

/** What serveStatic does not know about a file: computed once at start, bodies not kept. */
function describe(path: string, urlPath: string) {
  const body = readFileSync(path);
  const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? '';
  return {
    etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`,
    cacheControl: ext === 'html' ? REVALIDATE : urlPath.startsWith('/_astro/') ? IMMUTABLE : SHORT,
    csp: ext === 'html' ? pageCsp(body.toString('utf8')) : STRICT_CSP,
    /** Has .br or .gz beside it: the answer varies with Accept-Encoding. */
    compressed: existsSync(path + '.br') || existsSync(path + '.gz'),
  };
}

/** Not pages: the static hosts' own files, and the compressed variants by their own names. */
const HIDDEN = /(^|\/)(_headers|_redirects)$|\.(br|gz)$/;

/** With the precompressed .br/.gz files (scripts/compress.ts) and etag() for If-None-Match;
 * `/about` and `/about/` are about/index.html. Undefined without dist/ (API only, as in dev). */
export function createStaticSite(distDir: string): MiddlewareHandler | undefined {
  if (!existsSync(distDir) || !statSync(distDir).isDirectory()) return undefined;
  const meta = new Map<string, ReturnType<typeof describe>>();
  for (const path of walk(distDir)) {
    const rel = relative(distDir, path).split(sep).join('/');
    if (!HIDDEN.test(rel)) meta.set(resolve(path), describe(path, '/' + rel));
  }
  const found = new WeakMap<Context, string>();
  const onFound = (path: string, c: Context) => {
    found.set(c, resolve(path.replace(/\.(br|gz)$/, '')));
  };
  // A file serveStatic found that is not in the site (a variant asked for by name): not served.
  const files = serveStatic({ root: distDir, precompressed: true, onFound });
  const notFound = meta.has(resolve(distDir, '404.html'))
    ? serveStatic({ root: distDir, path: '404.html', precompressed: true, onFound })
    : undefined;
  // A browser merges a 304's headers into the page it has cached: the 304 keeps the page's own
  // policy, or the app's strict default would replace it and block the page's styles and scripts
  // on the next visit.
  const tagged = etag({ retainedHeaders: [...RETAINED_304_HEADERS, 'Content-Security-Policy'] });
  const noop = async () => {};

  /** The headers serveStatic cannot know, on whatever it answered. */
  const finish = (c: Context) => {
    const file = found.get(c);
    const info = file ? meta.get(file) : undefined;
    if (!info) return false;
    const headers = c.res.headers;
    const encoding = headers.get('Content-Encoding');
    headers.set('ETag', encoding ? `${info.etag.slice(0, -1)}-${encoding}"` : info.etag);
    headers.set('Cache-Control', info.cacheControl);
    headers.set('Content-Security-Policy', info.csp);
    if (info.compressed) headers.set('Vary', 'Accept-Encoding');
    headers.delete('Last-Modified'); // the ETag decides; a rebuild touches every file
    return true;
  };

  return async (c, next) => {
    if (!HIDDEN.test(c.req.path)) {
      let hit = false;
      await tagged(c, async () => {
        const res = await files(c, noop);
        if (!res) return;
        c.res = res;
        hit = finish(c);
      });
      if (hit) return c.res;
    }
    const res = await notFound?.(c, noop);
    if (!res) return next();
    c.res = res;
    finish(c);
    // Hono keeps c.res once set: the 404 status goes on by replacing it.
    c.res = new Response(c.res.body, { status: 404, headers: c.res.headers });
    return c.res;
  };
}
