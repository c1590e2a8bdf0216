// The pieces of the report's offline page, in the site's look: the theme's colours read from the
// site's stylesheet, the phone's own sans-serif, the display font (Anton) inlined, and a CSP that
// lets the page fetch nothing at all, so it opens the same from disk, from a mail attachment or on
// a phone. Every chart has its numbers beside it as a table (the text alternative).
import { html, raw, type Html, type HtmlValue } from '../../common/html.ts';
import { fontDataUrl, THEME } from '../../platform/theme.ts';
import { formatCount } from '../output/say.ts';
import type { Chart } from './charts.ts';

export const COLORS = {
  ...THEME,
  // Two more for what is not the list growing (leaving, bouncing): readable on the dark surface.
  amber: '#f0b429',
  violet: '#b794f6',
} as const;

export const FONT_SANS =
  "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
const FONT_DISPLAY = "'Anton', 'Arial Narrow', Impact, sans-serif";

export const CSP = "default-src 'none'; style-src 'unsafe-inline'; font-src data:; img-src data:";

/** The page's own stylesheet, Anton in it (latin only, 18 KB) as a data: URL. */
export function css(): string {
  const c = COLORS;
  return `@font-face{font-family:'Anton';font-style:normal;font-weight:400;font-display:swap;src:url(${fontDataUrl('@fontsource/anton/files/anton-latin-400-normal.woff2')}) format('woff2')}
*{box-sizing:border-box}
html{background:${c.ink};color:${c.paper};font-family:${FONT_SANS};line-height:1.5;-webkit-text-size-adjust:100%}
body{margin:0}
main{max-width:860px;margin:0 auto;padding:32px 16px 48px}
.kicker{margin:0;color:${c.accent};font-weight:700;letter-spacing:.12em;text-transform:uppercase;font-size:.8rem}
h1,h2{font-family:${FONT_DISPLAY};font-weight:400;text-transform:uppercase;letter-spacing:.01em;line-height:1.1}
h1{margin:.25em 0 .3em;font-size:clamp(2.2rem,8vw,3.6rem)}
h2{margin:0 0 .6em;font-size:1.6rem}
.meta{margin:0;color:${c.muted};font-size:.9rem}
.stats{display:grid;grid-template-columns:repeat(auto-fit,minmax(140px,1fr));gap:12px;margin:28px 0 8px;padding:0;list-style:none}
.stats li{background:${c.surface};border:1px solid ${c.line};border-top:3px solid ${c.brand};border-radius:12px;padding:14px 16px}
.stats b{display:block;font-family:${FONT_DISPLAY};font-weight:400;font-size:2.2rem;line-height:1.1}
.stats span{color:${c.muted};font-size:.85rem}
.notes{margin:20px 0 0;padding:14px 16px 14px 36px;background:${c.surface};border:1px solid ${c.line};border-left:3px solid ${c.amber};border-radius:12px}
figure{margin:20px 0 0;background:${c.surface};border:1px solid ${c.line};border-radius:16px;padding:20px 16px 16px}
figcaption{color:${c.muted};font-size:.9rem;margin:-.4em 0 12px}
svg{display:block;max-width:100%;height:auto}
.narrow{display:none}
@media (max-width:600px){.wide{display:none}.narrow{display:block}.stats{grid-template-columns:1fr 1fr}.stats li:first-child{grid-column:1/-1}}
.legend{display:flex;flex-wrap:wrap;gap:6px 16px;margin:0 0 10px;padding:0;list-style:none;font-size:.85rem}
.legend i{display:inline-block;width:12px;height:12px;border-radius:3px;margin-right:6px;vertical-align:-1px;border:1px solid ${c.muted}}
details{margin-top:12px;font-size:.9rem}
summary{cursor:pointer;color:${c.paper};text-decoration:underline;text-underline-offset:4px}
summary:focus-visible,.scroll:focus-visible{outline:3px solid ${c.accent};outline-offset:2px}
.scroll{overflow-x:auto;margin-top:8px}
table{border-collapse:collapse;min-width:60%}
th,td{padding:4px 12px 4px 0;text-align:right;border-bottom:1px solid ${c.line};white-space:nowrap}
th:first-child,td:first-child{text-align:left}
thead th{color:${c.muted};font-weight:600}
.empty{color:${c.muted};margin:0}
footer{margin-top:32px;color:${c.muted};font-size:.85rem}`;
}

/** A chart's numbers as a table, folded under a summary. */
export function table(caption: string, head: string[], rows: (string | number)[][]): Html {
  const cell = (v: string | number, i: number) => {
    const text = typeof v === 'number' ? formatCount(v) : v;
    return i === 0 ? html`<th scope="row">${text}</th>` : html`<td>${text}</td>`;
  };
  // One row a line: a newline in front of every row but the first.
  const row = (r: (string | number)[], i: number) => html`${i ? '\n' : ''}<tr>${r.map(cell)}</tr>`;
  return html`<details><summary>${caption}</summary><div class="scroll" tabindex="0" role="region" aria-label="${caption}"><table>
<thead><tr>${head.map((h) => html`<th scope="col">${h}</th>`)}</tr></thead>
<tbody>${rows.map(row)}</tbody></table></div></details>`;
}

export const legend = (items: { label: string; color: string }[]): Html =>
  html`<ul class="legend">${items.map((i) => html`<li><i style="background:${i.color}"></i>${i.label}</li>`)}</ul>`;

/** A chart's box: its title and caption, then `body` (chart(), legend(), table(), …) in order. */
export function figure(id: string, title: string, caption: string, ...body: HtmlValue[]): Html {
  return html`<figure id="${id}" aria-labelledby="${id}-title"><h2 id="${id}-title">${title}</h2>
<figcaption>${caption}</figcaption>
${body}</figure>`;
}

/** Both drawings of a chart (Plot's SVG, as it drew them); the stylesheet shows one. */
export const chart = (c: Chart): Html =>
  html`<div class="wide">${raw(c.wide)}</div><div class="narrow">${raw(c.narrow)}</div>`;
