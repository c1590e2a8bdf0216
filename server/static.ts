// The built site (dist/): Hono's serveStatic and etag, plus what they cannot know, worked out once
// at start: each page's CSP (from its meta tag), the cache policy, a content ETag. The same
// headers for static hosts: dist/_headers, written at build (scripts/compress.ts).
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, MiddlewareHandler } from 'hono';
import { etag, RETAINED_304_HEADERS } from 'hono/etag';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { STRICT_CSP } from '../common/csp-policy.ts';
import { pageCsp, unionCsp } from './csp.ts';
import { securityHeaderList } from './security-headers.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
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
    // The not-found page asked for by name is not found either: a 404, never a 200.
    if (!HIDDEN.test(c.req.path) && !/^\/404(\.html)?$/.test(c.req.path)) {
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

/** Netlify / Cloudflare Pages `_headers`: the same headers this server sends. */
export async function headersFile(dist: string): Promise<string> {
  const files = walk(dist);
  const pages = files.filter((p) => p.endsWith('.html'));
  // Hosts merge every rule matching a path, so the page policy goes once on /*: the union of
  // every page's policy (each page's inline-script hashes), still without 'unsafe-inline'.
  const csp = unionCsp(pages.map((p) => pageCsp(readFileSync(p, 'utf8'))));
  const lines = [
    '# Written by scripts/compress.ts at build: the headers `npm start` sends, for static hosts.',
    '/*',
  ];
  const headers = { ...(await securityHeaderList()), 'Content-Security-Policy': csp };
  for (const [name, value] of Object.entries(headers)) {
    lines.push(`  ${name}: ${value}`);
  }
  lines.push('/_astro/*', `  Cache-Control: ${IMMUTABLE}`);
  const routes = new Set<string>();
  for (const page of pages) {
    const rel = relative(dist, page).split(sep).join('/');
    routes.add('/' + rel);
    if (rel === 'index.html') routes.add('/');
    else if (rel.endsWith('/index.html')) {
      const dir = '/' + rel.slice(0, -'/index.html'.length);
      routes.add(dir);
      routes.add(dir + '/');
    }
  }
  for (const route of [...routes].sort()) lines.push(route, `  Cache-Control: ${REVALIDATE}`);
  // Calendar files ("Add to calendar"): not every host knows the type.
  for (const path of files.filter((p) => p.endsWith('.ics'))) {
    lines.push(
      '/' + relative(dist, path).split(sep).join('/'),
      '  Content-Type: text/calendar; charset=utf-8',
    );
  }
  return lines.join('\n') + '\n';
}
