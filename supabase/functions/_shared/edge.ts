// The Edge Functions' common part on hosted Supabase: the own server's handlers, asking the
// database over PostgREST (`POST /rest/v1/rpc/<fn>`) with the anon key, as any visitor could.
// Web APIs only, so Node (the tests) and Deno (the Edge Functions) run it alike.
import { textAnswer, type AskDatabase, type LinkPageOptions } from '../../../common/link-page.ts';

export interface EdgeEnv {
  /** Injected by Supabase into every Edge Function. */
  supabaseUrl: string;
  anonKey: string;
  /** The site's public address, for the pages' links (a function secret, SITE_URL). */
  siteUrl?: string;
}

/** A handler as common/ writes them, with GET answered as plain text (hosted Supabase serves no
 * HTML to GET: see unsubscribe-page.ts). */
type Handler = (
  options: LinkPageOptions & { isGetPlainText: boolean },
) => (request: Request) => Promise<Response>;

/** Asks `${supabaseUrl}/rest/v1/rpc/<fn>`; its JSON answer (the handler checks it: else a 500). */
function askOverRest(supabaseUrl: string, anonKey: string): AskDatabase {
  const base = supabaseUrl.replace(/\/+$/, '');
  return async (fn, args) => {
    const res = await fetch(`${base}/rest/v1/rpc/${fn}`, {
      method: 'POST',
      headers: { apikey: anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify(args),
    });
    if (!res.ok) throw new Error(`${fn}: HTTP ${res.status}`);
    return (await res.json()) as unknown;
  };
}

/** The Edge Function `name`: `create`'s handler on hosted Supabase. */
export function edgeFunction(name: string, create: Handler, env: EdgeEnv) {
  const handle = create({
    ask: askOverRest(env.supabaseUrl, env.anonKey),
    home: env.siteUrl?.replace(/\/+$/, '') ?? '',
    isGetPlainText: true,
  });
  // Deno's own answer to a throw carries none of our headers: every answer here is ours, so
  // every one says no-referrer (the token is in this URL), and a failure claims nothing. (The own
  // server answers other methods and its failures itself.)
  return async (request: Request): Promise<Response> => {
    if (!['GET', 'HEAD', 'POST'].includes(request.method))
      return textAnswer('Method not allowed\n', 405, { Allow: 'GET, HEAD, POST' });
    try {
      return await handle(request);
    } catch (error) {
      console.error(`${name}: ${(error as Error).message}`);
      return textAnswer(
        'Something went wrong on our side. Try the link again in a few minutes.\n',
        500,
      );
    }
  };
}

// Deno's global, declared here so the project's TypeScript (Node types) checks this file too.
declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(handler: (request: Request) => Response | Promise<Response>): unknown;
};

/** index.ts's one line: serve `create`'s handler with the settings Supabase and SITE_URL give. */
export function serve(name: string, create: Handler): void {
  const required = (setting: string) => {
    const value = Deno.env.get(setting);
    if (!value) throw new Error(`${setting} is not set`);
    return value;
  };
  Deno.serve(
    edgeFunction(name, create, {
      supabaseUrl: required('SUPABASE_URL'),
      anonKey: required('SUPABASE_ANON_KEY'),
      siteUrl: Deno.env.get('SITE_URL'),
    }),
  );
}
