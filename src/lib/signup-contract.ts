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

/** What the page sends: see SPEC section 5 for the normalisation rules. */
export interface SignupInsert {
  email: string;
  first_name: string | null;
}

/** A stored sign-up, as the organiser tools read it. */
export interface SignupRow extends SignupInsert {
  created_at: string;
}

export const EMAIL_MAX_LENGTH = 254;
export const FIRST_NAME_MAX_LENGTH = 100;
