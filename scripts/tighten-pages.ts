// After `astro build`, before compression: each page keeps only the CSS rules it or a script uses
// (an island's error state exists only in its script until it renders) and the CSP hashes of its
// own inline code: `/` arrives in one round trip (docs/decisions/0002-inline-css-per-page.md).
// Astro also writes its islands' rule (`astro-island{display:contents}`) as a <style> inside
// <body>, where HTML allows none (the Nu checker's error); no setting moves it, so it moves here
// into <head>, where it applies the same.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PurgeCSS } from 'purgecss';
import { decodeEntities, inlineHashes } from '../server/csp.ts';
import { walk } from '../server/static.ts';

const STYLE = /(<style\b[^>]*>)([\s\S]*?)(<\/style>)/gi;
const CSP_META = /(<meta\b[^>]*http-equiv="content-security-policy"[^>]*content=")([^"]*)(")/i;

/**
 * Class names in Tailwind's spelling (`sm:py-24`, `aria-[current=page]:text-accent`), not split
 * at the colons; and attribute names and values (`aria-current="page"`), split at the `=`.
 */
const tailwindTokens = (content: string) =>
  (content.match(/[^<>"'`\s]*[^<>"'`\s:]/g) ?? []).flatMap((token) =>
    token.includes('=') ? [token, ...token.split('=').filter(Boolean)] : [token],
  );

/** `script-src` and `style-src` with exactly the hashes of the page's own inline code. */
function ownHashes(policy: string, html: string): string {
  const { scripts, styles } = inlineHashes(html);
  const hashes: Record<string, string[]> = { 'script-src': scripts, 'style-src': styles };
  return policy.replace(/(script-src|style-src)([^;]*)/g, (_, name: string, sources: string) => {
    const kept = sources.split(/\s+/).filter((s) => s && !s.startsWith("'sha256-"));
    return [name, ...kept, ...new Set(hashes[name])].join(' ');
  });
}

/** Every <style> written inside <body> moved to the end of <head>, in its order. */
export function stylesToHead(html: string): string {
  const bodyAt = html.search(/<body\b/i);
  const headEnd = html.search(/<\/head>/i);
  if (bodyAt < 0 || headEnd < 0 || headEnd > bodyAt) return html;
  const moved: string[] = [];
  const body = html.slice(bodyAt).replace(STYLE, (element: string) => {
    moved.push(element);
    return '';
  });
  if (moved.length === 0) return html;
  return html.slice(0, headEnd) + moved.join('') + html.slice(headEnd, bodyAt) + body;
}

/** One page with only the CSS rules it (or a script) uses and a policy naming only its code. */
export async function tightenPage(page: string, scripts: string): Promise<string> {
  const html = stylesToHead(page);
  const styles = [...html.matchAll(STYLE)].map((m) => m[2]);
  const purged = await new PurgeCSS().purge({
    content: [
      // Class names as the browser reads them: `[&_p]:mx-auto` is written `[&amp;_p]:mx-auto`.
      { raw: decodeEntities(html), extension: 'html' },
      { raw: scripts, extension: 'js' },
    ],
    css: styles.map((raw) => ({ raw })),
    defaultExtractor: tailwindTokens,
  });
  let index = 0;
  const pruned = html.replace(
    STYLE,
    (_, open: string, _css: string, close: string) => open + purged[index++].css + close,
  );
  return pruned.replace(
    CSP_META,
    (_, open: string, policy: string, close: string) => open + ownHashes(policy, pruned) + close,
  );
}

/** Tightens every page of `dist` in place; returns how many. */
async function tightenDist(dist: string): Promise<number> {
  const files = walk(dist);
  const scripts = files
    .filter((path) => path.endsWith('.js'))
    .map((path) => readFileSync(path, 'utf8'))
    .join('\n');
  const pages = files.filter((path) => path.endsWith('.html'));
  for (const path of pages)
    writeFileSync(path, await tightenPage(readFileSync(path, 'utf8'), scripts));
  return pages.length;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const pages = await tightenDist(fileURLToPath(new URL('../dist/', import.meta.url)));
  console.log(`tighten-pages: ${pages} pages, unused CSS and other pages' script hashes removed`);
}
