// The report as one HTML file: inline styles, inline SVG, an inlined font, and a CSP that lets
// the page fetch nothing at all, so it opens the same from disk, from a mail attachment or on a
// phone. Every chart has its numbers beside it as a table (the text alternative). Counts only:
// no address or name is in the file, so organisers may forward it.
import { escapeHtml as esc } from '../../server/escape-html.ts';
import * as charts from './charts.ts';
import { n } from '../announce/output/say.ts';
import { CAMPAIGN_STATUSES, campaignNames, shareOfTotal, type ReportData } from './data.ts';
import { COLORS, displayFontFace, FONT_DISPLAY, FONT_SANS } from './look.ts';
import { recentStats } from './summary.ts';

export interface PageInfo {
  eventName: string;
  madeAt: string;
  from: string;
}

const CSP = "default-src 'none'; style-src 'unsafe-inline'; font-src data:; img-src data:";

function css(): string {
  const c = COLORS;
  return `${displayFontFace()}
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

function table(caption: string, head: string[], rows: (string | number)[][]): string {
  const cells = (r: (string | number)[], tag: string) =>
    r
      .map(
        (v, i) =>
          `<${i === 0 ? 'th scope="row"' : tag}>${esc(typeof v === 'number' ? n(v) : v)}</${i === 0 ? 'th' : tag}>`,
      )
      .join('');
  return `<details><summary>${esc(caption)}</summary><div class="scroll" tabindex="0" role="region" aria-label="${esc(caption)}"><table>
<thead><tr>${head.map((h) => `<th scope="col">${esc(h)}</th>`).join('')}</tr></thead>
<tbody>${rows.map((r) => `<tr>${cells(r, 'td')}</tr>`).join('\n')}</tbody></table></div></details>`;
}

const legend = (items: { label: string; color: string }[]) =>
  `<ul class="legend">${items.map((i) => `<li><i style="background:${i.color}"></i>${esc(i.label)}</li>`).join('')}</ul>`;

function figure(id: string, title: string, caption: string, body: string): string {
  return `<figure id="${id}" aria-labelledby="${id}-title"><h2 id="${id}-title">${esc(title)}</h2>
<figcaption>${esc(caption)}</figcaption>
${body}</figure>`;
}

const chart = (c: charts.Chart) =>
  `<div class="wide">${c.wide}</div><div class="narrow">${c.narrow}</div>`;

export function reportHtml(data: ReportData, info: PageInfo): string {
  const recent = recentStats(data);
  const stats: [number, string][] = [
    [data.total, 'on the list'],
    [recent.last7, 'signed up in the last 7 days'],
    [recent.today, 'signed up today'],
    [data.unsubscribes, 'unsubscribed'],
    [data.bounces, 'bounced'],
  ];
  const active = data.days.filter((d) => d.signups > 0);
  const left = data.days.filter((d) => d.unsubscribes + d.bounces > 0);
  const campaigns = campaignNames(data);
  const sections = [
    figure(
      'per-day',
      'Sign-ups per day',
      `Each day in ${data.timeZone} time.`,
      chart(charts.signupsPerDay(data)) +
        table(
          'The numbers, day by day',
          ['Day', 'Sign-ups', 'On the list'],
          active.map((d) => [d.day, d.signups, d.cumulative]),
        ),
    ),
    figure(
      'growth',
      'The list growing',
      'How many of the people on the list today had signed up by the end of each day.',
      chart(charts.cumulative(data)) +
        table(
          'The numbers, day by day',
          ['Day', 'On the list'],
          active.map((d) => [d.day, d.cumulative]),
        ),
    ),
    figure(
      'sources',
      'Where sign-ups come from',
      'The utm_source (or ref) of the link people arrived by; (none) for a plain visit.',
      data.sources.length === 0
        ? '<p class="empty">Nobody has signed up yet.</p>'
        : chart(charts.bySource(data)) +
            table(
              'The numbers by source',
              ['Source', 'Sign-ups', 'Share'],
              data.sources.map((s) => [s.source, s.n, shareOfTotal(data, s.n)]),
            ),
    ),
    figure(
      'hours',
      'When people sign up',
      `Hour of the day in ${data.timeZone}.`,
      chart(charts.byHour(data)) +
        table(
          'The numbers by hour',
          ['Hour', 'Sign-ups'],
          data.hours.map((h) => [`${String(h.hour).padStart(2, '0')}:00`, h.n]),
        ),
    ),
    figure(
      'leaving',
      'Unsubscribes and bounces',
      'People who left through the unsubscribe link, and addresses the mail server bounced.',
      legend(charts.LEAVING_KINDS.map((k) => ({ label: k.label, color: k.color }))) +
        chart(charts.leaving(data)) +
        (left.length === 0
          ? '<p class="empty">Nobody has left and nothing has bounced.</p>'
          : table(
              'The numbers, day by day',
              ['Day', 'Unsubscribed', 'Bounced'],
              left.map((d) => [d.day, d.unsubscribes, d.bounces]),
            )),
    ),
    figure(
      'campaigns',
      'Campaigns',
      '“left”: people on the list who have not had it yet.',
      campaigns.length === 0
        ? '<p class="empty">No campaign has been sent yet.</p>'
        : legend(CAMPAIGN_STATUSES.map((s) => ({ label: s, color: charts.STATUS_COLORS[s] }))) +
            chart(charts.campaignProgress(data)) +
            table(
              'The numbers by campaign',
              ['Campaign', ...CAMPAIGN_STATUSES],
              campaigns.map((name) => [
                name,
                ...CAMPAIGN_STATUSES.map(
                  (s) => data.campaigns.find((c) => c.campaign === name && c.status === s)?.n ?? 0,
                ),
              ]),
            ),
    ),
  ];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="color-scheme" content="dark">
<title>${esc(`${info.eventName}: the sign-up list`)}</title>
<style>${css()}</style>
</head>
<body>
<main>
<p class="kicker">${esc(info.eventName)}</p>
<h1>The sign-up list</h1>
<p class="meta">Made ${esc(info.madeAt)} from ${esc(info.from)}. Counts only: no address or name is in this file.</p>
<ul class="stats">${stats.map(([v, label]) => `<li><b>${n(v)}</b><span>${esc(label)}</span></li>`).join('')}</ul>
${sections.join('\n')}
<footer>Made by <code>npm run subscribers -- report</code>. Days and hours are ${esc(data.timeZone)} time.</footer>
</main>
</body>
</html>
`;
}
