// The HTML part: the site's look (dark, TEDx red) in what mail clients render. Gmail and Outlook
// drop <style> blocks and modern layout in places, so: tables for layout, inline styles, one
// column at most 600 px wide that shrinks on a phone, system fonts, 16 px text.
import type { RendererObject } from 'marked';
import { escapeHtml as esc } from '../../../server/escape-html.ts';
import { theme } from '../../../server/theme.ts';
import { EVENT_SHORT_NAME, WORD_MARK } from '../../../src/content/event.ts';
import { WHATSAPP_CHANNEL } from '../../../src/content/links.ts';

// The site's theme colours: mail cannot read CSS variables.
const INK = theme('ink');
const SURFACE = theme('surface');
const PAPER = theme('paper');
const MUTED = theme('muted');
const LINE = theme('line');
const BRAND = theme('brand'); // logo and rules only, as on the site
const ACCENT = theme('accent'); // red text on dark: 5.9:1
const ACTION = theme('action'); // button fill under white text: 5:1
const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

const P = `margin:0 0 16px;font-family:${FONT};font-size:16px;line-height:1.6;color:${PAPER};`;
const LINK = `color:${ACCENT};text-decoration:underline;`;

/** Inline styles on what Markdown produces; a paragraph that is only a link becomes a button. */
export function markdownRenderer(): RendererObject {
  return {
    paragraph({ tokens }) {
      const only = tokens.length === 1 ? tokens[0] : undefined;
      if (only?.type === 'link') {
        const label = this.parser.parseInline(only.tokens ?? []);
        return (
          `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;"><tr>` +
          `<td style="background:${ACTION};border-radius:6px;">` +
          `<a href="${esc(only.href)}" style="display:inline-block;padding:14px 24px;font-family:${FONT};font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;">${label}</a>` +
          `</td></tr></table>\n`
        );
      }
      return `<p style="${P}">${this.parser.parseInline(tokens)}</p>\n`;
    },
    heading({ tokens, depth }) {
      const size = depth <= 1 ? 26 : depth === 2 ? 21 : 18;
      return `<h${depth} style="margin:24px 0 12px;font-family:${FONT};font-size:${size}px;line-height:1.3;color:${PAPER};">${this.parser.parseInline(tokens)}</h${depth}>\n`;
    },
    link({ href, tokens }) {
      return `<a href="${esc(href)}" style="${LINK}">${this.parser.parseInline(tokens)}</a>`;
    },
    strong({ tokens }) {
      return `<strong style="color:#ffffff;">${this.parser.parseInline(tokens)}</strong>`;
    },
    list(token) {
      const tag = token.ordered ? 'ol' : 'ul';
      const items = token.items.map((item) => this.listitem(item)).join('');
      return `<${tag} style="margin:0 0 16px;padding-left:24px;">${items}</${tag}>\n`;
    },
    listitem(item) {
      return `<li style="margin:0 0 8px;font-family:${FONT};font-size:16px;line-height:1.6;color:${PAPER};">${this.parser.parseInline(item.tokens)}</li>`;
    },
    hr() {
      return `<hr style="border:0;border-top:1px solid ${LINE};margin:24px 0;">\n`;
    },
  };
}

export interface MailHtmlParts {
  title: string;
  preheader: string;
  bodyHtml: string;
  siteUrl: string;
  unsubscribeUrl: string;
  /** The event's WhatsApp Channel; no line for it when empty. */
  whatsappChannel: string;
}

/** The word mark as on the site: TEDx in red. */
const LOGO_HTML = `<span style="color:${BRAND};">${esc(WORD_MARK.red)}</span>${esc(WORD_MARK.rest)}`;

/** "Follow us on WhatsApp" under the message, a plain link like the others. */
const whatsappRow = (href: string) =>
  href
    ? `<tr><td style="padding:0 24px 8px;"><p style="${P}"><a href="${esc(href)}" style="${LINK}font-weight:bold;">${esc(WHATSAPP_CHANNEL.label)}</a></p></td></tr>\n`
    : '';

export function mailHtml(parts: MailHtmlParts): string {
  const site = esc(parts.siteUrl);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark">
<meta name="supported-color-schemes" content="dark">
<title>${esc(parts.title)}</title>
</head>
<body style="margin:0;padding:0;background:${INK};">
<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;">${esc(parts.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${INK};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background:${SURFACE};border-top:4px solid ${BRAND};">
<tr><td style="padding:28px 24px 8px;font-family:Impact, 'Arial Narrow', ${FONT};font-size:30px;font-weight:bold;letter-spacing:0.5px;color:${PAPER};">${LOGO_HTML}</td></tr>
<tr><td style="padding:16px 24px 8px;">
${parts.bodyHtml}</td></tr>
${whatsappRow(parts.whatsappChannel)}<tr><td style="padding:16px 24px 28px;border-top:1px solid ${LINE};font-family:${FONT};font-size:13px;line-height:1.6;color:${MUTED};">
You are getting this because you signed up at <a href="${site}" style="color:${MUTED};text-decoration:underline;">${site.replace(/^https?:\/\//, '')}</a> to hear when ${esc(EVENT_SHORT_NAME)} launches.
<a href="${parts.unsubscribeUrl}" style="${LINK}">Unsubscribe</a> with one click.
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}
