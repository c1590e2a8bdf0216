// npm run subscribers -- suppressed | unsuppress EMAIL: the addresses no campaign mails again
// (a hard bounce puts them there, see cli/announce/sending/smtp-answer.ts).
import { printable } from '../platform/printable.ts';
import type { Settings } from '../platform/settings.ts';
import { csvLine } from './csv.ts';
import { callForEmail, withCaller } from './backend.ts';

interface SuppressedRow {
  email: string;
  reason: string;
  created_at: string;
}

/** CSV on stdout (email,reason,created_at), oldest first; the count on stderr. The reason is a
 * relay's words: written with its control characters spelled out, piped or not (a run has stored
 * it so since issue 38; a row stored before may hold them raw), and the address with it. */
export function listSuppressed(settings: Settings): Promise<number> {
  return withCaller(settings, async (caller, description) => {
    const rows = caller
      ? await caller.rows<SuppressedRow>('tedxcommunity_suppressed_list', {})
      : [];
    let csv = 'email,reason,created_at\n';
    for (const r of rows) csv += csvLine([printable(r.email), printable(r.reason), r.created_at]);
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
