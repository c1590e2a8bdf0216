// npm run subscribers -- suppressed | unsuppress EMAIL: the addresses no campaign mails again, and
// why: a hard bounce at send (common/smtp-answer.ts), a late bounce or a complaint
// (`subscribers -- bounces`, cli/bounces/).
import { printable } from '../common/printable.ts';
import type { Settings } from '../platform/settings.ts';
import { csvLine } from './csv.ts';
import { callForEmail, withCaller } from './backend.ts';

interface SuppressedRow {
  email: string;
  /** 'hard bounce at send', 'late bounce' or 'complaint'. */
  cause: string;
  /** What the server or the report said. */
  reason: string;
  created_at: string;
}

/** CSV on stdout (email,why,since,detail), oldest first; the count on stderr. The detail is a
 * relay's or a report's words: written with its control characters spelled out, piped or not (a
 * run has stored it so since issue 38; a row stored before may hold them raw), and the address
 * with it. */
export function listSuppressed(settings: Settings): Promise<number> {
  return withCaller(settings, async (caller, description) => {
    const rows = caller
      ? await caller.rows<SuppressedRow>('tedxcommunity_suppressed_list', {})
      : [];
    let csv = 'email,why,since,detail\n';
    for (const r of rows)
      csv += csvLine([printable(r.email), r.cause, r.created_at, printable(r.reason)]);
    process.stdout.write(csv);
    process.stderr.write(`${rows.length} suppressed on ${description}\n`);
    return 0;
  });
}

export function unsuppress(settings: Settings, email: string): Promise<number> {
  return callForEmail(settings, 'tedxcommunity_unsuppress', email, {
    found: (shown, on) =>
      `Took ${shown} off the suppression list on ${on}: campaigns may mail it again`,
    notFound: (shown, on) => `${shown} was not on the suppression list (${on}); nothing changed`,
  });
}
