// The HTML part: the site's look (dark, TEDx red) in what mail clients render. Gmail and Outlook
// drop <style> blocks and modern layout in places, so: tables for layout, inline styles, one
// column at most 600 px wide that shrinks on a phone, system fonts, 16 px text.
import type { RendererObject, Token } from 'marked';
import { html, htmlPage, raw } from '../../../common/html.ts';
import { THEME } from '../../../platform/theme.ts'; // mail cannot read CSS variables
import { EVENT_SHORT_NAME, WORD_MARK } from '../../../content/event.ts';
import { WHATSAPP_CHANNEL } from '../../../content/links.ts';

const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

// Trusted constants, written as they are: a font's quotes stay quotes, as before.
const P = raw(
  `margin:0 0 16px;font-family:${FONT};font-size:16px;line-height:1.6;color:${THEME.paper};`,
);
const LINK = raw(`color:${THEME.accent};text-decoration:underline;`);
const FONT_HTML = raw(FONT);

/** Inline styles on what Markdown produces; a paragraph that is only a link becomes a button. */
export function markdownRenderer(): RendererObject {
  // marked hands each method the HTML it made of the inner text (its text already escaped).
  const inline = (parser: { parseInline(tokens: Token[]): string }, tokens: Token[]) =>
    raw(parser.parseInline(tokens));
  return {
    paragraph({ tokens }) {
      const only = tokens.length === 1 ? tokens[0] : undefined;
      if (only?.type === 'link') {
        const label = inline(this.parser, only.tokens ?? []);
        return String(
          html`<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;"><tr><td style="background:${THEME.action};border-radius:6px;"><a href="${only.href}" style="display:inline-block;padding:14px 24px;font-family:${FONT_HTML};font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;">${label}</a></td></tr></table>\n`,
        );
      }
      return String(html`<p style="${P}">${inline(this.parser, tokens)}</p>\n`);
    },
    heading({ tokens, depth }) {
      const size = depth <= 1 ? 26 : depth === 2 ? 21 : 18;
      return String(
        html`<h${depth} style="margin:24px 0 12px;font-family:${FONT_HTML};font-size:${size}px;line-height:1.3;color:${THEME.paper};">${inline(this.parser, tokens)}</h${depth}>\n`,
      );
    },
    link({ href, tokens }) {
      return String(html`<a href="${href}" style="${LINK}">${inline(this.parser, tokens)}</a>`);
    },
    strong({ tokens }) {
      return String(html`<strong style="color:#ffffff;">${inline(this.parser, tokens)}</strong>`);
    },
    list(token) {
      const tag = token.ordered ? 'ol' : 'ul';
      const items = token.items.map((item) => raw(this.listitem(item)));
      return String(html`<${tag} style="margin:0 0 16px;padding-left:24px;">${items}</${tag}>\n`);
    },
    listitem(item) {
      return String(
        html`<li style="margin:0 0 8px;font-family:${FONT_HTML};font-size:16px;line-height:1.6;color:${THEME.paper};">${inline(this.parser, item.tokens)}</li>`,
      );
    },
    hr() {
      return String(
        html`<hr style="border:0;border-top:1px solid ${THEME.line};margin:24px 0;">\n`,
      );
    },
  };
}

interface MailHtmlParts {
  title: string;
  preheader: string;
  /** The message as HTML: marked's, with markdownRenderer(). */
  bodyHtml: string;
  siteUrl: string;
  unsubscribeUrl: string;
  yourDataUrl: string;
  /** The event's WhatsApp Channel; no line for it when empty. */
  whatsappChannel: string;
}

/** The word mark as on the site: TEDx in red. */
const LOGO_HTML = html`<span style="color:${THEME.brand};">${WORD_MARK.red}</span>${WORD_MARK.rest}`;

/** "Follow us on WhatsApp" under the message, a plain link like the others. */
const whatsappRow = (href: string) =>
  href &&
  html`<tr><td style="padding:0 24px 8px;"><p style="${P}"><a href="${href}" style="${LINK}font-weight:bold;">${WHATSAPP_CHANNEL.label}</a></p></td></tr>\n`;

export function mailHtml(parts: MailHtmlParts): string {
  return htmlPage({
    title: parts.title,
    meta: html`<meta name="color-scheme" content="dark">
<meta name="supported-color-schemes" content="dark">`,
    body: html`<body style="margin:0;padding:0;background:${THEME.ink};">
<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;">${parts.preheader}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${THEME.ink};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background:${THEME.surface};border-top:4px solid ${THEME.brand};">
<tr><td style="padding:28px 24px 8px;font-family:Impact, 'Arial Narrow', ${FONT_HTML};font-size:30px;font-weight:bold;letter-spacing:0.5px;color:${THEME.paper};">${LOGO_HTML}</td></tr>
<tr><td style="padding:16px 24px 8px;">
${raw(parts.bodyHtml)}</td></tr>
${whatsappRow(parts.whatsappChannel)}<tr><td style="padding:16px 24px 28px;border-top:1px solid ${THEME.line};font-family:${FONT_HTML};font-size:13px;line-height:1.6;color:${THEME.muted};">
You are getting this because you signed up at <a href="${parts.siteUrl}" style="color:${THEME.muted};text-decoration:underline;">${parts.siteUrl.replace(/^https?:\/\//, '')}</a> to hear when ${EVENT_SHORT_NAME} launches.
<a href="${parts.unsubscribeUrl}" style="${LINK}">Unsubscribe</a> with one click.
<a href="${parts.yourDataUrl}" style="${LINK}">Your data</a>: see, correct or erase what we hold about you.
</td></tr>
</table>
</td></tr>
</table>
</body>`,
  });
}
