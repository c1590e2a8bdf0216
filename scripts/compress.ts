// After `astro build`: brotli and gzip beside every compressible file of dist/ (the server sends
// them as the client accepts), and dist/_headers carrying the server's headers for static hosts
// that read it (Netlify, Cloudflare Pages).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { COMPRESSIBLE, headersFile, walk } from '../server/static.ts';

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
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
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
