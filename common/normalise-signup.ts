import { CONTROL } from './printable.ts';
import type { SignupInsert } from './signup-contract';

// One rule for an address (docs/decisions/0020-addresses-relays-take-ascii.md), here and in the
// table, which decides; this module trims and folds exactly as the database does, so what the form
// sends is what is stored. test-support/unrelayable.ts holds the cases both are tested with.

/** What the database's normaliser trims: btrim(email, E' \t\r\n'). */
const EDGE_SPACE = ' \t\r\n';

function trimAsDatabase(raw: string): string {
  let start = 0;
  let end = raw.length;
  while (start < end && EDGE_SPACE.includes(raw[start])) start++;
  while (end > start && EDGE_SPACE.includes(raw[end - 1])) end--;
  return raw.slice(start, end);
}

/** Email trimmed and lower-cased as the database does it. Only ASCII letters fold: an address the
 * table takes holds no other, and folding another could turn a refused address into an accepted
 * one (the Kelvin sign's lower case is k, İ's is i). */
export function normaliseEmail(raw: string): string {
  return trimAsDatabase(raw).replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/** What follows an address's last @ (the whole text when it has none). */
export const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1);

/** An address's domain and each parent of it but the top level: a.b.ug, b.ug. */
export const domainAndParents = (email: string) =>
  domainOf(email)
    .split('.')
    .map((_, i, labels) => labels.slice(i).join('.'))
    .slice(0, -1);

/** A Unicode domain in its A-labels, by the URL standard (decision 0020). An ASCII domain, or one
 * with anything but letters, digits, hyphens and dots, is left as it is for the rule to judge. */
export function withAsciiDomain(email: string): string {
  const at = email.lastIndexOf('@');
  const domain = email.slice(at + 1);
  // eslint-disable-next-line no-control-regex -- ASCII is the point
  if (at < 0 || !/[^\u0000-\u007f]/.test(domain) || /[^-.0-9A-Za-z\u0080-\uffff]/.test(domain))
    return email;
  try {
    return `${email.slice(0, at)}@${new URL(`http://${domain}`).hostname}`;
  } catch {
    return email;
  }
}

/** First name trimmed as the database trims it; null when nothing is left. */
export function normaliseFirstName(raw: string | null | undefined): string | null {
  const trimmed = trimAsDatabase(raw ?? '');
  return trimmed === '' ? null : trimmed;
}

/** The row to insert, or null when the email is blank after trimming (nothing is sent). A
 * Unicode domain is sent in its A-labels (withAsciiDomain): the one step the database does not
 * take, since the form without JavaScript posts to it directly. */
export function toSignupInsert(email: string, firstName: string | null | undefined) {
  const normalisedEmail = withAsciiDomain(normaliseEmail(email));
  if (normalisedEmail === '') return null;
  return { email: normalisedEmail, first_name: normaliseFirstName(firstName) };
}

// What every RFC 5321 relay takes, as decision 0020 spells it out; the same pattern is the SQL
// check tedxcommunity_emails_email_ascii. No quantifier here can backtrack over more than one label.
const ATOM = "[a-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LABEL = '[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?';
const ADDRESS = new RegExp(`^${ATOM}(\\.${ATOM})*@(${LABEL}\\.)+${LABEL}$`);
const NUMERIC_TLD = /\.[0-9]+$/;
const MAX_ADDRESS = 254;
const MAX_LOCAL = 64;
const MAX_FIRST_NAME = 100;

/** What RFC 5321 lets a relay take (an address as normaliseEmail leaves it): ASCII, so a
 * character is an octet. */
export const isRelayableEmail = (email: string) =>
  email.length <= MAX_ADDRESS &&
  email.indexOf('@') <= MAX_LOCAL &&
  ADDRESS.test(email) &&
  !NUMERIC_TLD.test(email);

/** A first name as normaliseFirstName leaves it: null, or 1 to 100 characters, none in CONTROL. */
export const isAcceptableFirstName = (name: string | null) =>
  name === null || ([...name].length <= MAX_FIRST_NAME && !CONTROL.test(name));

/** Whether the table takes this row: the form sends nothing it would refuse. */
export const isAcceptableSignup = (row: Pick<SignupInsert, 'email' | 'first_name'>) =>
  isRelayableEmail(row.email) && isAcceptableFirstName(row.first_name);
