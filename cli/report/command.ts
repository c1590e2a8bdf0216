// npm run subscribers -- report [--out FILE]: the HTML report, and a summary in the terminal.
import { retentionNotice } from '../../platform/retention.ts';
import type { Settings } from '../../platform/settings.ts';
import { EVENT_TIME_ZONE } from '../../content/event.ts';
import { withCaller } from '../backend.ts';
import { cameBack, readSuppressed } from '../suppressed.ts';
import { writeOutFile } from '../write-out-file.ts';
import { EMPTY_RAW, readReport, shapeReport } from './data.ts';
import { reportHtml } from './html.ts';
import { terminalSummary } from './summary.ts';

/** When the report was made, in the event's time zone: 25 November 2026 at 21:00 (Africa/Kampala). */
const madeAt = new Intl.DateTimeFormat('en-GB', {
  timeZone: EVENT_TIME_ZONE,
  dateStyle: 'long',
  timeStyle: 'short',
});

export function report(settings: Settings, out: string): Promise<number> {
  const now = new Date();
  return withCaller(settings, async (caller, from) => {
    const raw = caller ? await readReport(caller, EVENT_TIME_ZONE) : EMPTY_RAW;
    const data = shapeReport(raw, EVENT_TIME_ZONE, now);
    const back = caller ? cameBack(await readSuppressed(caller)) : [];
    const overdue = await retentionNotice(() => data.total, now);
    const html = reportHtml(data, {
      madeAt: `${madeAt.format(now)} (${EVENT_TIME_ZONE})`,
      from,
      // Counts only in the file: the addresses go to the terminal.
      notes: [
        overdue,
        back.length > 0 &&
          `${back.length} signed up again after a complaint: \`subscribers -- suppressed\` names them`,
      ].filter((note) => typeof note === 'string'),
    });
    writeOutFile(out, html);
    process.stdout.write([terminalSummary(data, from), ...back].join('\n') + '\n');
    process.stderr.write(
      `Wrote the report to ${out}: open it in any browser, it needs no network.\n`,
    );
    return 0;
  });
}
