// The audit's floor: the least a page can be (one heading and a paragraph), written into dist/
// before the server starts, so that the same server sends it with the same compression, caching
// and headers as the real pages, and Lighthouse measures it in the same run on the same machine.
// Each route's LCP is judged as a ratio to the floor's, which keeps the budget meaningful on a
// busy or a quiet machine alike.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compressDist } from './compress.ts';

/** Not a route of the site: it exists only while an audit runs. */
export const FLOOR_ROUTE = '/audit-floor/';

const FLOOR_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Floor</title>
    <meta name="description" content="The audit's floor: one heading and a paragraph." />
  </head>
  <body>
    <main>
      <h1>The floor</h1>
      <p>One heading and a paragraph, served like every page of the site: what a page costs at least.</p>
    </main>
  </body>
</html>
`;

/** Writes the floor page (and its brotli/gzip variants) into `dist`; returns its removal. */
export function writeFloor(dist: string): () => void {
  const dir = join(dist, FLOOR_ROUTE);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.html'), FLOOR_HTML);
  compressDist(dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
