import type { SupabaseClient } from '@supabase/supabase-js';
import { LOCAL_ANON_KEY, SIGNUP_TABLE, type SignupInsert } from '../../../common/signup-contract';

let clientPromise: Promise<SupabaseClient> | null = null;

/**
 * supabase-js (about 55 KB gzip) loads on demand, never with the page. Built with
 * PUBLIC_SUPABASE_URL/PUBLIC_SUPABASE_ANON_KEY it talks to hosted Supabase; without them, to
 * this site's own origin, where the project's server speaks the same protocol. A sign-up needs no
 * session: the client keeps none and reads none from the page's address, so a link carrying
 * someone's `#access_token=…` decides nothing, and a browser that blocks site storage (reading
 * localStorage throws) signs up all the same.
 */
function loadClient(): Promise<SupabaseClient> {
  clientPromise ??= import('@supabase/supabase-js')
    .then(({ createClient }) =>
      createClient(
        import.meta.env.PUBLIC_SUPABASE_URL || location.origin,
        import.meta.env.PUBLIC_SUPABASE_ANON_KEY || LOCAL_ANON_KEY,
        { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } },
      ),
    )
    .catch((error: unknown) => {
      clientPromise = null; // let a later attempt retry the download
      throw error;
    });
  return clientPromise;
}

/** Start downloading the client early (first focus on the form); failures surface on submit. */
export function preloadSubscribe(): void {
  loadClient().catch(() => undefined);
}

/**
 * Inserts one sign-up. Resolves to null on success, else the error code: '23505' for a
 * duplicate, '' for a network failure (as supabase-js reports it) or a failed download.
 */
export async function subscribe(row: SignupInsert): Promise<string | null> {
  try {
    const client = await loadClient();
    const { error } = await client.from(SIGNUP_TABLE).insert(row);
    return error ? (error.code ?? '') : null;
  } catch {
    return '';
  }
}
