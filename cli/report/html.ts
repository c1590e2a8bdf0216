// The subscribers report as one offline HTML page: the list's charts, each with its numbers
// beside it as a table (page.ts: the pieces and the look). Counts only: no address or name is in
// the file, so organisers may forward it.
import { html, htmlPage, raw } from '../../common/html.ts';
import { EVENT_SHORT_NAME } from '../../content/event.ts';
import { formatCount } from '../output/say.ts';
import * as charts from './charts.ts';
import {
  CAMPAIGN_STATUSES,
  campaignNames,
  shareOfTotal,
  YOUR_DATA_KINDS,
  type ReportData,
} from './data.ts';
import { chart, CSP, css, figure, legend, table } from './page.ts';
import { recentStats } from './summary.ts';

/** `notes`: lines the organisers must not miss (the list kept past the privacy page's day). */
export function reportHtml(
  data: ReportData,
  info: { madeAt: string; from: string; notes: string[] },
): string {
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
      chart(charts.signupsPerDay(data)),
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
      chart(charts.cumulative(data)),
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
        ? html`<p class="empty">Nobody has signed up yet.</p>`
        : [
            chart(charts.bySource(data)),
            table(
              'The numbers by source',
              ['Source', 'Sign-ups', 'Share'],
              data.sources.map((s) => [s.source, s.n, shareOfTotal(data, s.n)]),
            ),
          ],
    ),
    figure(
      'hours',
      'When people sign up',
      `Hour of the day in ${data.timeZone}.`,
      chart(charts.byHour(data)),
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
      legend(charts.LEAVING_KINDS.map((k) => ({ label: k.label, color: k.color }))),
      chart(charts.leaving(data)),
      left.length === 0
        ? html`<p class="empty">Nobody has left and nothing has bounced.</p>`
        : table(
            'The numbers, day by day',
            ['Day', 'Unsubscribed', 'Bounced'],
            left.map((d) => [d.day, d.unsubscribes, d.bounces]),
          ),
    ),
    figure(
      'your-data',
      'Your data pages',
      'What people did on the page the “Your data” link in every mail opens: corrected their first name, downloaded what we hold, erased it.',
      data.yourData.length === 0
        ? html`<p class="empty">Nobody has used it yet.</p>`
        : table(
            'The numbers, day by day',
            ['Day', ...YOUR_DATA_KINDS],
            data.yourData.map((d) => [d.day, ...YOUR_DATA_KINDS.map((k) => d[k])]),
          ),
    ),
    figure(
      'campaigns',
      'Campaigns',
      '“left”: people on the list who have not had it yet. Late bounces and complaints came back after the send (npm run subscribers -- bounces); both are suppressed.',
      campaigns.length === 0
        ? html`<p class="empty">No campaign has been sent yet.</p>`
        : [
            legend(CAMPAIGN_STATUSES.map((s) => ({ label: s, color: charts.STATUS_COLORS[s] }))),
            chart(charts.campaignProgress(data)),
            table(
              'The numbers by campaign',
              ['Campaign', ...CAMPAIGN_STATUSES, 'late bounces', 'complaints'],
              campaigns.map((name) => {
                const late = data.late.find((c) => c.campaign === name);
                return [
                  name,
                  ...CAMPAIGN_STATUSES.map(
                    (s) =>
                      data.campaigns.find((c) => c.campaign === name && c.status === s)?.n ?? 0,
                  ),
                  late?.bounces ?? 0,
                  late?.complaints ?? 0,
                ];
              }),
            ),
          ],
    ),
  ];
  const stat = ([n, label]: [number, string]) =>
    html`<li><b>${formatCount(n)}</b><span>${label}</span></li>`;
  const notes = info.notes.length
    ? html`<ul class="notes">${info.notes.map((line) => html`<li>${line}</li>`)}</ul>\n`
    : '';
  // The stylesheet and the policy are the page's own constants, written as they are.
  return htmlPage({
    title: `${EVENT_SHORT_NAME}: the sign-up list`,
    meta: html`<meta http-equiv="Content-Security-Policy" content="${raw(CSP)}">
<meta name="color-scheme" content="dark">`,
    style: html`<style>${raw(css())}</style>`,
    body: html`<body>
<main>
<p class="kicker">${EVENT_SHORT_NAME}</p>
<h1>The sign-up list</h1>
<p class="meta">Made ${info.madeAt} from ${info.from}. Counts only: no address or name is in this file.</p>
<ul class="stats">${stats.map(stat)}</ul>
${notes}${sections.map((section) => html`${section}\n`)}<footer>Made by <code>npm run subscribers -- report</code>. Days and hours are ${data.timeZone} time.</footer>
</main>
</body>`,
  });
}
