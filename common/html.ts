// The one templating for the HTML the project writes itself: Hono's `html` tag, escaping every
// value unless it is html`…` or raw() for a trusted fragment (docs/decisions/0012).
import { html as honoHtml, raw } from 'hono/html';

/** HTML that goes into a page as it is: made by `html`, or `raw` for a trusted fragment. */
export type Html = ReturnType<typeof raw>;

/** What a template takes: text (escaped), a number, nothing (false, null, undefined), HTML, lists. */
export type HtmlValue = string | number | false | null | undefined | Html | readonly HtmlValue[];

/**
 * Hono's tag, typed for what it is given here: no value is a promise, so neither is the result
 * (Hono's own type allows for async components, which nothing here renders).
 */
export const html = (strings: TemplateStringsArray, ...values: HtmlValue[]): Html =>
  honoHtml(strings, ...values) as Html;

export { raw };

/**
 * A whole page as the project writes one, the head written once (the launch mail, the unsubscribe
 * pages): English, UTF-8, the device's width. `meta` goes before the title, `style` after it;
 * `body` is the whole <body> element.
 */
export const htmlPage = (page: { title: HtmlValue; meta: Html; style?: Html; body: Html }) =>
  String(html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${page.meta}
<title>${page.title}</title>
${
  page.style
    ? html`${page.style}
`
    : ''
}</head>
${page.body}
</html>
`);
