// Content-Security-Policy: each page's own policy (Astro's security.csp writes it, with the
// hashes of the page's inline scripts, into a meta tag) sent as a header, plus what only a
// header can say.
import { createHash } from 'node:crypto';
import { hashedPolicy } from '../common/csp-policy.ts';

export const decodeEntities = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#0*39;|&#x0*27;|&apos;/gi, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The policy of the page's `<meta http-equiv="content-security-policy">`, if it has one. */
export function metaCsp(html: string): string | undefined {
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/gi)) {
    if (!/http-equiv\s*=\s*["']?content-security-policy["']?/i.test(tag)) continue;
    const content = /\bcontent\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(tag);
    if (content) return decodeEntities(content[1] ?? content[2]).trim();
  }
  return undefined;
}

const sha256 = (s: string) => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`;

const INLINE_SCRIPTS = /<script\b(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi;
/** A script the browser runs; a JSON-LD block is data, which no policy governs. */
const runs = (attributes: string) =>
  !/\btype=/i.test(attributes) || /\btype=["']?(module|text\/javascript)\b/i.test(attributes);
const STYLES = /<style\b[^>]*>([\s\S]*?)<\/style>/gi;

/** The hashes of a page's own inline code: the scripts the browser runs, and the styles. */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  return {
    scripts: [...html.matchAll(INLINE_SCRIPTS)].filter((m) => runs(m[1])).map((m) => sha256(m[2])),
    styles: [...html.matchAll(STYLES)].map((m) => sha256(m[1])),
  };
}

/** The header policy for a page: its own policy plus what only a header can say. */
export function pageCsp(html: string): string {
  const meta = metaCsp(html);
  if (meta === undefined) {
    const { scripts, styles } = inlineHashes(html);
    return hashedPolicy(scripts, styles);
  }
  const policy = meta.replace(/;\s*$/, '');
  return /(^|;)\s*frame-ancestors\b/i.test(policy) ? policy : `${policy}; frame-ancestors 'none'`;
}

/** One policy allowing what any of the given policies allows, directive by directive. */
export function unionCsp(policies: string[]): string {
  const directives = new Map<string, Set<string>>();
  for (const policy of policies) {
    for (const part of policy.split(';')) {
      const [name, ...sources] = part.trim().split(/\s+/);
      if (!name) continue;
      const set = directives.get(name.toLowerCase()) ?? new Set<string>();
      for (const source of sources) set.add(source);
      directives.set(name.toLowerCase(), set);
    }
  }
  return [...directives].map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
}
