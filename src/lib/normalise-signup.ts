import type { SignupInsert } from './signup-contract';

/** Email trimmed and lower-cased. */
export function normaliseEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

/** First name trimmed; null when nothing is left. */
export function normaliseFirstName(raw: string | null | undefined): string | null {
  const trimmed = (raw ?? '').trim();
  return trimmed === '' ? null : trimmed;
}

/** The row to insert, or null when the email is blank after trimming (nothing is sent). */
export function toSignupInsert(
  email: string,
  firstName: string | null | undefined,
): SignupInsert | null {
  const normalisedEmail = normaliseEmail(email);
  if (normalisedEmail === '') return null;
  return { email: normalisedEmail, first_name: normaliseFirstName(firstName) };
}

// The table's checks (migrations 20251101090000 and 20261127100000), for the form to refuse
// before sending and the organisers' list check to find rows stored before the rule. The SQL is
// the same rule: change both. One @, and none of the specials only a quoted local part may hold.
const SHAPE = /^[^@\s"(),:;<>[\\\]]+@[^@\s"(),:;<>[\\\]]+$/;
const MISPLACED_DOT = /(^|@)\.|\.(@|$)|\.\./;
const SPACE_OR_CONTROL =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const MAX_ADDRESS_OCTETS = 254;
const MAX_LOCAL_OCTETS = 64;
const MAX_FIRST_NAME = 100;

const octets = (s: string) => new TextEncoder().encode(s).length;

/** What RFC 5321 lets a relay take (an address as normaliseEmail leaves it). */
export function isRelayableEmail(email: string): boolean {
  return (
    SHAPE.test(email) &&
    !MISPLACED_DOT.test(email) &&
    !SPACE_OR_CONTROL.test(email) &&
    octets(email) <= MAX_ADDRESS_OCTETS &&
    octets(email.slice(0, email.indexOf('@'))) <= MAX_LOCAL_OCTETS
  );
}

/** A first name as normaliseFirstName leaves it: null, or 1 to 100 characters, none a control. */
export const isAcceptableFirstName = (name: string | null) =>
  name === null || ([...name].length <= MAX_FIRST_NAME && !CONTROL.test(name));

/** Whether the table takes this row: the form sends nothing it would refuse. */
export const isAcceptableSignup = (row: Pick<SignupInsert, 'email' | 'first_name'>) =>
  isRelayableEmail(row.email) && isAcceptableFirstName(row.first_name);
