// The unsubscribe link on hosted Supabase: the own server's handler, asking the database over
// PostgREST (`POST /rest/v1/rpc/<fn>`) with the anon key, as any visitor could. Web APIs only,
// so Node (the tests) and Deno (the Edge Function) run it alike.
import {
  createUnsubscribeHandler,
  unavailable,
  type AskDatabase,
} from '../../../common/unsubscribe-handler.ts';

interface EdgeEnv {
  /** Injected by Supabase into every Edge Function. */
  supabaseUrl: string;
  anonKey: string;
  /** The site's public address, for the pages' links (a function secret, SITE_URL). */
  siteUrl?: string;
}

/** Asks `${supabaseUrl}/rest/v1/rpc/<fn>`; its JSON answer (the handler checks it: else a 500). */
function askOverRest(supabaseUrl: string, anonKey: string): AskDatabase {
  const base = supabaseUrl.replace(/\/+$/, '');
  return async (fn, token) => {
    const res = await fetch(`${base}/rest/v1/rpc/${fn}`, {
      method: 'POST',
      headers: { apikey: anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    if (!res.ok) throw new Error(`${fn}: HTTP ${res.status}`);
    return (await res.json()) as unknown;
  };
}

export function createEdgeUnsubscribe(env: EdgeEnv): (request: Request) => Promise<Response> {
  const handle = createUnsubscribeHandler({
    ask: askOverRest(env.supabaseUrl, env.anonKey),
    home: env.siteUrl?.replace(/\/+$/, '') ?? '',
    // Hosted Supabase serves no HTML to GET: see unsubscribe-page.ts.
    isGetPlainText: true,
  });
  // Deno's own answer to a throw carries none of our headers: every answer here is ours, so
  // every one says no-referrer (the token is in this URL).
  return async (request) => {
    try {
      return await handle(request);
    } catch (error) {
      console.error(`unsubscribe: ${(error as Error).message}`);
      return unavailable();
    }
  };
}
