// The launch mail's links to the site say they came from the mail (utm_source=email), so the
// report can count the sign-ups the mail brings (a friend it was forwarded to, say).
import { OWN_SOURCES, withSource } from '../../../src/lib/signup-source.ts';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Markdown with every link into siteUrl marked with the mail's source; other links as they are. */
export function markSiteLinks(markdown: string, siteUrl: string): string {
  const site = siteUrl.replace(/\/+$/, '');
  const link = new RegExp(`\\]\\((${escapeRegExp(site)}(?:[/?#][^)\\s]*)?)(?=[)\\s])`, 'g');
  return markdown.replace(link, (_, href: string) => `](${withSource(href, OWN_SOURCES.email)}`);
}
