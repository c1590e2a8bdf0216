// The built site (dist/), read once at start into memory: a few hundred KB of prerendered pages
// and hashed assets, each with its precompressed variants, ETag, cache policy and CSP ready.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { pageCsp, STRICT_CSP } from './csp.ts';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=3600';

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  webmanifest: 'application/manifest+json',
  xml: 'application/xml; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  ics: 'text/calendar; charset=utf-8',
  ico: 'image/x-icon',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  wasm: 'application/wasm',
};
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

export interface StaticFile {
  body: Buffer;
  br?: Buffer;
  gz?: Buffer;
  type: string;
  etag: string;
  cacheControl: string;
  csp: string;
}

export interface Site {
  /** URL path → file; `/about` and `/about/` both map to about/index.html. */
  routes: Map<string, StaticFile>;
  notFound: StaticFile | undefined;
}

/** Every file below `dir`, depth first. */
export function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

function load(path: string, urlPath: string): StaticFile {
  const body = readFileSync(path);
  const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? '';
  const file: StaticFile = {
    body,
    type: TYPES[ext] ?? 'application/octet-stream',
    etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`,
    cacheControl: ext === 'html' ? REVALIDATE : urlPath.startsWith('/_astro/') ? IMMUTABLE : SHORT,
    csp: ext === 'html' ? pageCsp(body.toString('utf8')) : STRICT_CSP,
  };
  if (COMPRESSIBLE.has(ext)) {
    // Precompressed at build (scripts/compress.ts); gzip on the spot if the build skipped it.
    if (existsSync(path + '.br')) file.br = readFileSync(path + '.br');
    file.gz = existsSync(path + '.gz') ? readFileSync(path + '.gz') : gzipSync(body, { level: 9 });
    if (file.gz.byteLength >= body.byteLength) file.gz = undefined;
  }
  return file;
}

export function loadSite(distDir: string): Site | undefined {
  if (!existsSync(distDir) || !statSync(distDir).isDirectory()) return undefined;
  const routes = new Map<string, StaticFile>();
  for (const path of walk(distDir)) {
    const rel = relative(distDir, path).split(sep).join('/');
    if (/\.(br|gz)$/.test(rel) || rel === '_headers' || rel === '_redirects') continue;
    const urlPath = '/' + rel;
    const file = load(path, urlPath);
    routes.set(urlPath, file);
    if (rel === 'index.html') routes.set('/', file);
    else if (rel.endsWith('/index.html')) {
      const dir = urlPath.slice(0, -'/index.html'.length);
      routes.set(dir, file);
      routes.set(dir + '/', file);
    }
  }
  return { routes, notFound: routes.get('/404.html') };
}

/** br, then gzip, as the client accepts them (q=0 refuses). */
export function pickEncoding(
  accept: string | undefined,
  file: StaticFile,
): 'br' | 'gzip' | undefined {
  if (!accept || (!file.br && !file.gz)) return undefined;
  const accepted = new Set<string>();
  for (const part of accept.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (file.br && (accepted.has('br') || accepted.has('*'))) return 'br';
  if (file.gz && (accepted.has('gzip') || accepted.has('*'))) return 'gzip';
  return undefined;
}

export function serveFile(request: Request, file: StaticFile, status = 200): Response {
  const encoding = pickEncoding(request.headers.get('accept-encoding') ?? undefined, file);
  const body = encoding === 'br' ? file.br : encoding === 'gzip' ? file.gz : file.body;
  const etag = encoding ? `${file.etag.slice(0, -1)}-${encoding}"` : file.etag;
  const headers: Record<string, string> = {
    'Content-Type': file.type,
    'Cache-Control': file.cacheControl,
    'Content-Security-Policy': file.csp,
    ETag: etag,
  };
  if (file.br || file.gz) headers.Vary = 'Accept-Encoding';
  if (encoding) headers['Content-Encoding'] = encoding;
  const match = request.headers.get('if-none-match');
  if (
    status === 200 &&
    match &&
    match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
  ) {
    return new Response(null, { status: 304, headers });
  }
  headers['Content-Length'] = String(body?.byteLength ?? 0);
  const bytes = body ?? file.body;
  const view = new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength); // no copy
  return new Response(request.method === 'HEAD' ? null : view, { status, headers });
}
