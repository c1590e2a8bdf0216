// npm run subscribers -- suppressed | unsuppress EMAIL: the addresses no campaign mails again
// (a hard bounce puts them there, see cli/announce/sending/smtp-answer.ts).
import type { Settings } from '../server/settings.ts';
import { csvCell } from './csv.ts';
import { functionCaller } from './rpc.ts';
import { openBackend } from './sources.ts';

interface SuppressedRow {
  email: string;
  reason: string;
  created_at: string;
}

/** CSV on stdout (email,reason,created_at), oldest first; the count on stderr. */
export async function listSuppressed(settings: Settings): Promise<number> {
  const backend = await openBackend(settings);
  try {
    const rows =
      backend.kind === 'none'
        ? []
        : await functionCaller(backend).rows<SuppressedRow>('tedxcommunity_suppressed_list', {});
    let csv = 'email,reason,created_at\n';
    for (const r of rows) csv += [r.email, r.reason, r.created_at].map(csvCell).join(',') + '\n';
    process.stdout.write(csv);
    process.stderr.write(`${rows.length} suppressed on ${backend.description}\n`);
    return 0;
  } finally {
    await backend.close();
  }
}

export async function unsuppress(settings: Settings, email: string): Promise<number> {
  const backend = await openBackend(settings);
  try {
    const shown = email.trim().toLowerCase();
    const found =
      backend.kind !== 'none' &&
      (await functionCaller(backend).scalar<boolean>('tedxcommunity_unsuppress', {
        p_email: email,
      }));
    process.stdout.write(
      found
        ? `Took ${shown} off the suppression list on ${backend.description}: campaigns may mail it again\n`
        : `${shown} was not on the suppression list (${backend.description}); nothing changed\n`,
    );
    return 0;
  } finally {
    await backend.close();
  }
}
