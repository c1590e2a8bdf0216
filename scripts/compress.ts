// After `astro build`: brotli and gzip beside every compressible file of dist/ (the server sends
// them as the client accepts), and dist/_headers carrying the server's headers for static hosts
// that read it (Netlify, Cloudflare Pages).
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { pageCsp, unionCsp } from '../server/csp.ts';
import { securityHeaderList } from '../server/security-headers.ts';
import { COMPRESSIBLE, IMMUTABLE, REVALIDATE, walk } from '../server/static.ts';

export function compressDist(dist: string): { files: number; before: number; brotli: number } {
  const stats = { files: 0, before: 0, brotli: 0 };
  for (const path of walk(dist)) {
    const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? '';
    if (!COMPRESSIBLE.has(ext)) continue;
    const body = readFileSync(path);
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        [constants.BROTLI_PARAM_MODE]:
          ext === 'woff2' ? constants.BROTLI_MODE_FONT : constants.BROTLI_MODE_TEXT,
      },
    });
    const gz = gzipSync(body, { level: 9 });
    // Only where it saves something; the server falls back to the plain file.
    if (br.byteLength < body.byteLength) writeFileSync(path + '.br', br);
    if (gz.byteLength < body.byteLength) writeFileSync(path + '.gz', gz);
    stats.files++;
    stats.before += body.byteLength;
    stats.brotli += Math.min(br.byteLength, body.byteLength);
  }
  return stats;
}

/** Netlify / Cloudflare Pages `_headers`: the same headers this server sends. */
export async function headersFile(dist: string): Promise<string> {
  const pages = walk(dist).filter((p) => p.endsWith('.html'));
  // Hosts merge every rule matching a path, so the page policy goes once on /*: the union of
  // every page's policy (each page's inline-script hashes), still without 'unsafe-inline'.
  const csp = unionCsp(pages.map((p) => pageCsp(readFileSync(p, 'utf8'))));
  const lines = [
    '# Written by scripts/compress.ts at build: the headers `npm start` sends, for static hosts.',
    '/*',
  ];
  for (const [name, value] of Object.entries({
    ...(await securityHeaderList()),
    'Content-Security-Policy': csp,
  })) {
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
  for (const path of walk(dist).filter((p) => p.endsWith('.ics'))) {
    lines.push(
      '/' + relative(dist, path).split(sep).join('/'),
      '  Content-Type: text/calendar; charset=utf-8',
    );
  }
  return lines.join('\n') + '\n';
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = fileURLToPath(new URL('../dist/', import.meta.url));
  const started = performance.now();
  const stats = compressDist(dist);
  writeFileSync(join(dist, '_headers'), await headersFile(dist));
  const kb = (n: number) => (n / 1024).toFixed(1);
  console.log(
    `compress: ${stats.files} files, ${kb(stats.before)} KB -> ${kb(stats.brotli)} KB brotli (+ gzip), ` +
      `dist/_headers written, ${Math.round(performance.now() - started)} ms`,
  );
}
