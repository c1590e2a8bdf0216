// npm run subscribers -- suppressed | unsuppress EMAIL: the addresses no campaign mails again, and
// why: a hard bounce at send (common/smtp-answer.ts), a late bounce or a complaint
// (`subscribers -- bounces`, cli/bounces/).
import { printable } from '../common/printable.ts';
import type { Settings } from '../platform/settings.ts';
import { shellQuote } from './output/say.ts';
import { csvLine } from './csv.ts';
import { callForEmail, withCaller } from './backend.ts';
import type { FunctionCaller } from './function-caller.ts';

interface SuppressedRow {
  email: string;
  /** 'hard bounce at send', 'late bounce' or 'complaint'. */
  cause: string;
  /** What the server or the report said. */
  reason: string;
  created_at: string;
  /** When the address signed up again after its complaint, or null. */
  signed_up_again: string | null;
}

/** Who signed up again after a complaint: still suppressed, until an organiser unsuppresses. */
export const cameBack = (rows: SuppressedRow[]) =>
  rows
    .filter((r) => r.signed_up_again)
    .map(
      (r) =>
        `${printable(r.email)} signed up again on ${r.signed_up_again} after a complaint on ` +
        `${r.created_at}: still suppressed; if you trust it, ` +
        `npm run subscribers -- unsuppress ${shellQuote(r.email)}`,
    );

export const readSuppressed = (caller: FunctionCaller) =>
  caller.rows<SuppressedRow>('tedxcommunity_suppressed_list', {});

/** CSV on stdout (email,why,since,detail,signed_up_again), oldest first; the count on stderr,
 * and a line for each address that signed up again after a complaint. The detail is a
 * relay's or a report's words: written with its control characters spelled out, piped or not (a
 * run has stored it so since issue 38; a row stored before may hold them raw), and the address
 * with it. */
export function listSuppressed(settings: Settings): Promise<number> {
  return withCaller(settings, async (caller, description) => {
    const rows = caller ? await readSuppressed(caller) : [];
    let csv = 'email,why,since,detail,signed_up_again\n';
    for (const r of rows)
      csv += csvLine([
        printable(r.email),
        r.cause,
        r.created_at,
        printable(r.reason),
        r.signed_up_again ?? '',
      ]);
    process.stdout.write(csv);
    const lines = [`${rows.length} suppressed on ${description}`, ...cameBack(rows)];
    process.stderr.write(lines.join('\n') + '\n');
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
