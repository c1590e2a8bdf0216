/// <reference types="astro/client" />
// Build-time settings the page reads (README, "Settings"). Both optional: unset, the
// page talks to its own origin with the local anon key.
interface ImportMetaEnv {
  readonly PUBLIC_SUPABASE_URL?: string;
  readonly PUBLIC_SUPABASE_ANON_KEY?: string;
}
