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
