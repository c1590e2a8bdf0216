// The one module the site, the server and the organiser tools all import: the sign-up table
// and the facts about it that both ends of the REST protocol must agree on. No React, no Node.

export const SIGNUP_TABLE = 'tedxcommunity_emails';

/** Postgres unique_violation: a duplicate email. The form treats it as "already subscribed". */
export const DUPLICATE_EMAIL_CODE = '23505';

/**
 * The Supabase CLI's documented local anon key. It is public by design (it only carries the
 * `anon` role); the page and the project's own server both default to it.
 */
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

/** What the page sends (normalised as in normalise-signup.ts, and again by the database). */
export interface SignupInsert {
  email: string;
  first_name: string | null;
  /** The landing address's utm_source or ref (common/signup-source.ts), when it has one. */
  source?: string;
}

/** A stored sign-up, as the organiser tools read it. */
export interface SignupRow {
  email: string;
  first_name: string | null;
  created_at: string;
  source: string | null;
}

/**
 * The no-JavaScript path (supabase/migrations/20261122110000_signup_form.sql): the form posts
 * its fields as a form body to this PostgREST function, which answers 303 to the outcome page.
 */
export const SIGNUP_FORM_FUNCTION = 'signup_form';
/** The honeypot field: people never see it; a bot that fills it is told "subscribed". */
export const HONEYPOT_FIELD = 'website';

export type SignupKind = 'success' | 'duplicate' | 'failure';

/** The prerendered page for each outcome, as the function's Location names it. */
export const SIGNUP_OUTCOME_PATHS: Record<SignupKind, string> = {
  success: '/signup/subscribed',
  duplicate: '/signup/already-subscribed',
  failure: '/signup/failed',
};

/** The form's action: the function's REST address, with the public anon key in the query. */
export function signupFormAction(supabaseUrl: string | undefined, anonKey: string): string {
  const origin = supabaseUrl ? new URL(supabaseUrl).origin : '';
  return `${origin}/rest/v1/rpc/${SIGNUP_FORM_FUNCTION}?apikey=${encodeURIComponent(anonKey)}`;
}
