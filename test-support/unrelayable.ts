// What the table refuses since migration 20261127100000 (and the form before sending), as a
// visitor would type it: each case is one rule of RFC 5321 or one kind of control character.
import type { Db } from '../platform/db/types.ts';

/** The longest address a relay takes: a local part of 64 octets, 254 octets in all. */
export const LONGEST_EMAIL = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`;

export const REFUSED_EMAILS: [label: string, email: string][] = [
  ['a local part of 65 octets', `${'a'.repeat(65)}@example.org`],
  ['a local part of 33 characters, 66 octets', `${'é'.repeat(33)}@example.org`],
  [
    '254 characters, 255 octets',
    `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.é${'d'.repeat(60)}`,
  ],
  ['165 characters, 265 octets', `${'a'.repeat(60)}@${'é'.repeat(100)}.org`],
  ['a leading dot', '.quota@example.org'],
  ['a trailing dot', 'quota.@example.org'],
  ['a doubled dot', 'a..quota@example.org'],
  ['a dot after the @', 'quota@.example.org'],
  ['a tab inside', 'a\tb@example.org'],
  ['a no-break space', 'a\u00a0b@example.org'],
  ['an ideographic space', 'a\u3000b@example.org'],
  ['ESC', 'a\u001b[2Jb@example.org'],
  ['DEL', 'a\u007fb@example.org'],
  ['a C1 control (CSI)', 'a\u009bb@example.org'],
  ['a right-to-left override', 'moc.elpmaxe\u202e@example.org'],
  ['a zero-width joiner', 'a\u200db@example.org'],
  ['a soft hyphen', 'a\u00adb@example.org'],
];

/** A first name that sets the clipboard in several terminals (OSC 52), and other controls. */
export const OSC52_NAME = 'Ann\u001b]52;c;aGVsbG8=\u0007';
export const REFUSED_FIRST_NAMES: [label: string, name: string][] = [
  ['OSC 52 (ESC … BEL)', OSC52_NAME],
  ['DEL', 'Ann\u007f'],
  ['a C1 control (NEL)', 'Ann\u0085e'],
  // "Hi Ann, your link" would read "Hi Annknil ruoy ," and an organiser's terminal line likewise.
  ['a right-to-left override', 'Ann\u202e'],
  ['a first-strong isolate', 'Ann\u2068x'],
  ['a line separator', 'Ann\u2028Bob'],
];

/** Names spelled with zero widths or bidi marks, which the rule keeps. */
export const ACCEPTED_FIRST_NAMES: [label: string, name: string][] = [
  ['a zero-width non-joiner (Persian)', 'مهر\u200cناز'],
  ['a zero-width joiner (Malayalam)', 'ന\u0d4d\u200dമ'],
  ['a right-to-left mark', 'Ann \u200fעדי'],
];

/**
 * Runs `insert` (SQL) as if before migration 20261127100000: its NOT VALID checks are dropped for
 * the statement and put back as they were, so the rows stay as rows stored before the rule do.
 */
export async function storeBeforeRule(db: Db, insert: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ name: string; definition: string }>(
      `select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
       where conrelid = 'public.tedxcommunity_emails'::regclass and not convalidated`,
    );
    if (rows.length !== 2) throw new Error(`expected the rule's 2 checks, found ${rows.length}`);
    const alter = (what: string) => tx.exec(`alter table public.tedxcommunity_emails ${what}`);
    for (const { name } of rows) await alter(`drop constraint ${name}`);
    await tx.exec(insert);
    for (const { name, definition } of rows) await alter(`add constraint ${name} ${definition}`);
  });
}
