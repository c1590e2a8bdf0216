// The launch message: a Markdown file with front matter, turned into a subject, a plain-text part
// and an HTML part. The Markdown is rendered once per run; each person only costs a few string
// replacements (their first name, escaped for HTML, and their two links: unsubscribe, your data).
import { readFileSync } from 'node:fs';
import matter from 'gray-matter';
import { Marked } from 'marked';
import { html as escaped } from '../../../common/html.ts';
import {
  EVENT_CITY,
  EVENT_DATE_LONG,
  EVENT_FULL_NAME,
  EVENT_SHORT_NAME,
} from '../../../content/event.ts';
import { WHATSAPP_CHANNEL } from '../../../content/links.ts';
import { OWN_SOURCES, withSource } from '../../../common/signup-source.ts';
import { CliError } from '../../cli-error.ts';
import { usableFirstName } from './greeting.ts';
import { mailHtml, markdownRenderer } from './mail-html.ts';
import { markdownToText } from './plain-text.ts';

const DEFAULT_MESSAGE_FILE = new URL('../../../content/launch-announcement.md', import.meta.url);

export type MessageTemplate = ReturnType<typeof parseTemplate>;

export function parseTemplate(source: string, where = 'the message file') {
  const { data, content } = matter(source);
  const field = (name: string, required: boolean): string => {
    const value: unknown = data[name];
    if (typeof value === 'string' && value.trim()) return value.trim();
    if (required) throw new CliError(`${where}: set "${name}:" in its front matter`);
    return '';
  };
  if (!content.trim()) throw new CliError(`${where}: the message has no text`);
  return {
    subject: field('subject', true),
    preheader: field('preheader', false),
    fallbackName: field('fallback_name', false) || 'there',
    body: content,
  };
}

export function readTemplate(file: URL | string = DEFAULT_MESSAGE_FILE) {
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch (error) {
    throw new CliError(`Could not read the message ${String(file)}: ${(error as Error).message}`);
  }
  return parseTemplate(source, String(file));
}

// The launch mail's links to the site say they came from the mail (utm_source=email), so the
// report can count the sign-ups the mail brings (a friend it was forwarded to, say).
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Markdown with every link into siteUrl marked with the mail's source; other links as they are. */
export function markSiteLinks(markdown: string, siteUrl: string): string {
  const site = siteUrl.replace(/\/+$/, '');
  const link = new RegExp(`\\]\\((${escapeRegExp(site)}(?:[/?#][^)\\s]*)?)(?=[)\\s])`, 'g');
  return markdown.replace(link, (_, href: string) => `](${withSource(href, OWN_SOURCES.email)}`);
}

const FIRST_NAME = '{{first_name}}';
// A placeholder Markdown leaves alone and no URL encoding changes: replaced per person.
const UNSUBSCRIBE = 'UNSUBSCRIBE-URL-7f3a9c';
const YOUR_DATA = 'YOUR-DATA-URL-7f3a9c';

/**
 * Renders the template once for this site; the result fills in one person at a time. The
 * WhatsApp Channel (content/links.ts unless given) is offered under the message when set.
 */
export function prepareMessage(
  template: MessageTemplate,
  siteUrl: string,
  whatsappChannel: string = WHATSAPP_CHANNEL.href,
) {
  const fill = (s: string) =>
    s
      .replaceAll('{{event_name}}', EVENT_FULL_NAME)
      .replaceAll('{{event_date}}', EVENT_DATE_LONG)
      .replaceAll('{{event_city}}', EVENT_CITY)
      .replaceAll('{{site_url}}', siteUrl);
  const markdown = markSiteLinks(fill(template.body), siteUrl);
  const subject = fill(template.subject);
  const marked = new Marked({ renderer: markdownRenderer(), async: false });
  const html = mailHtml({
    title: subject,
    preheader: fill(template.preheader),
    bodyHtml: marked.parse(markdown) as string,
    siteUrl,
    unsubscribeUrl: UNSUBSCRIBE,
    yourDataUrl: YOUR_DATA,
    whatsappChannel,
  });
  const whatsapp = whatsappChannel ? `\n\n${WHATSAPP_CHANNEL.label}: ${whatsappChannel}` : '';
  const text =
    markdownToText(markdown) +
    whatsapp +
    `\n\n--\nYou are getting this because you signed up at ${siteUrl} to hear when ` +
    `${EVENT_SHORT_NAME} launches.\nUnsubscribe (one click): ${UNSUBSCRIBE}\n` +
    `Your data (see, correct or erase what we hold): ${YOUR_DATA}\n`;
  const htmlParts = html.split(FIRST_NAME);
  const textParts = text.split(FIRST_NAME);
  const subjectParts = subject.split(FIRST_NAME);
  return (firstName: string | null, links: { unsubscribe: string; yourData: string }) => {
    const name = usableFirstName(firstName) ?? template.fallbackName;
    const fill = (part: string, escape: (url: string) => string) =>
      part
        .replaceAll(UNSUBSCRIBE, escape(links.unsubscribe))
        .replaceAll(YOUR_DATA, escape(links.yourData));
    return {
      subject: subjectParts.join(name),
      text: fill(textParts.join(name), (url) => url),
      html: fill(htmlParts.join(escaped`${name}`), (url) => String(escaped`${url}`)),
    };
  };
}
