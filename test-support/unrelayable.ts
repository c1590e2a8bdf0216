// The address rule's cases (decision 0020), run through both places that hold it: the form's
// rule (common/normalise-signup.ts) and the table, by the REST insert and by the form's function
// (server/rest/rest.test.ts, server/db/signup-form.test.ts). What the table refuses since
// migrations 20261127100000 and 20261127180000 (and the form before sending), as a visitor would
// type it: each case is one rule of RFC 5321 or one kind of control character.
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
  // What no relay without SMTPUTF8 takes (Amazon SES answers 501 at RCPT TO), and domains no
  // relay delivers to (issue 38).
  ['a non-ASCII local part', '\u00fc1@gmail.com'],
  ['a Greek local part', '\u0391\u03a3@example.org'],
  ['a dotted capital I, which lower() makes i', '\u0130@example.org'],
  ['a Kelvin sign, which lower() makes k', '\u212a@example.org'],
  ['a Unicode domain (A-labels only)', 'a@b\u00fccher.example'],
  ['a quoted local part', '"a b"@example.org'],
  ['a label that starts and ends with a hyphen', 'a@-bad-.org'],
  ['a domain of one label', 'a@localhost'],
  ['an IP address', 'a@1.2.3.4'],
  ['an all-digit top-level label', 'a@example.123'],
  ['an underscore in the domain', 'a@b_c.org'],
  ['a label of 64 characters', `a@${'l'.repeat(64)}.org`],
  ['a label of 70 characters', `a@${'l'.repeat(70)}.org`],
  ['an empty label', 'a@example..org'],
  ['a trailing dot after the domain', 'a@example.org.'],
  ['a form feed at the end, which the database does not trim', 'a@example.org\f'],
  ['a no-break space at the end, which the database does not trim', 'a@example.org\u00a0'],
];

/** As typed, and as stored: both sides trim the same four characters and fold only A-Z. */
export const ACCEPTED_EMAILS: [typed: string, stored: string][] = [
  [' \t Ada.Lovelace+TEDx@Example.ORG \r\n', 'ada.lovelace+tedx@example.org'],
  ["o'brien!#$%&*/=?^_`{|}~-@mak.ac.ug", "o'brien!#$%&*/=?^_`{|}~-@mak.ac.ug"],
  ['a@xn--bcher-kva.example', 'a@xn--bcher-kva.example'],
  ['a@b-c.d-e.example', 'a@b-c.d-e.example'],
  ['a@1.2.3.example', 'a@1.2.3.example'],
  ['a@example.xn--p1ai', 'a@example.xn--p1ai'],
  [`a@${'l'.repeat(63)}.org`, `a@${'l'.repeat(63)}.org`],
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
 * Runs `insert` (SQL) as if before migrations 20261127100000 and 20261127180000: their NOT VALID
 * checks are dropped for the statement and put back as they were, and the trigger that refuses
 * non-ASCII is off for it, so the rows stay as rows stored before the rule do.
 */
export async function storeBeforeRule(db: Db, insert: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ name: string; definition: string }>(
      `select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
       where conrelid = 'public.tedxcommunity_emails'::regclass and not convalidated`,
    );
    if (rows.length !== 3) throw new Error(`expected the rules' 3 checks, found ${rows.length}`);
    const alter = (what: string) => tx.exec(`alter table public.tedxcommunity_emails ${what}`);
    for (const { name } of rows) await alter(`drop constraint ${name}`);
    await alter('disable trigger tedxcommunity_emails_ascii');
    await tx.exec(insert);
    await alter('enable trigger tedxcommunity_emails_ascii');
    for (const { name, definition } of rows) await alter(`add constraint ${name} ${definition}`);
  });
}
