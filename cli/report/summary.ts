// What `report` says in the terminal: a few numbers and the last 14 days as a text bar chart,
// so a glance over SSH tells the organisers how the list is doing without opening the file.
import { formatCount } from '../output/say.ts';
import { shareOfTotal, utcDay, YOUR_DATA_KINDS, type ReportData } from './data.ts';

const BAR_WIDTH = 30;

export function recentStats(data: ReportData) {
  const last = (k: number) => data.days.filter((d) => d.day <= data.today).slice(-k);
  return {
    today: last(1).reduce((s, d) => s + d.signups, 0),
    last7: last(7).reduce((s, d) => s + d.signups, 0),
    last14: last(14),
  };
}

/** `Nov 10 ████████ 24`: one line per day, the longest bar the busiest day. */
export function textBars(days: { day: string; signups: number }[]): string[] {
  const max = Math.max(1, ...days.map((d) => d.signups));
  const label = (day: string) =>
    utcDay(day).toLocaleDateString('en-GB', {
      timeZone: 'UTC',
      weekday: 'short',
      day: 'numeric',
      month: 'short',
    });
  return days.map((d) => {
    const width = Math.round((d.signups / max) * BAR_WIDTH);
    const bar = d.signups > 0 && width === 0 ? '▏' : '█'.repeat(width);
    return `  ${label(d.day).padEnd(11)} ${bar}${bar ? ' ' : ''}${formatCount(d.signups)}`;
  });
}

export function terminalSummary(data: ReportData, from: string): string {
  const recent = recentStats(data);
  const top = data.sources
    .slice(0, 3)
    .map((s) => `${s.source} ${shareOfTotal(data, s.n)}`)
    .join(', ');
  return [
    `${formatCount(data.total)} on the list (${from}): ${formatCount(recent.today)} today, ${formatCount(recent.last7)} in the last 7 days.`,
    ...(top ? [`Top sources: ${top}.`] : []),
    `Unsubscribed: ${formatCount(data.unsubscribes)}. Bounced: ${formatCount(data.bounces)}. ` +
      `Late bounces: ${formatCount(data.late.reduce((n, c) => n + c.bounces, 0))}. ` +
      `Complaints: ${formatCount(data.late.reduce((n, c) => n + c.complaints, 0))}.`,
    `Your data pages: ${YOUR_DATA_KINDS.map((k) => `${formatCount(data.yourData.reduce((n, d) => n + d[k], 0))} ${k}`).join(', ')}.`,
    `Last 14 days (${data.timeZone}):`,
    ...textBars(recent.last14),
  ].join('\n');
}
