// Calls the migration's functions with supabase-js .rpc(), whoever answers (hosted Supabase, the
// running server, the app in this process): one path, and PostgREST's answers and errors.
import type { SupabaseClient } from '@supabase/supabase-js';
import { CliError } from './cli-error.ts';

/** Scalars, or JSON for a json/jsonb argument. */
type Args = Record<string, string | number | boolean | null | object>;

export type FunctionCaller = ReturnType<typeof functionCaller>;

/** The most rows the project's functions answer or take in one call (tedxcommunity_signups_page,
 * _announce_next and _late_report_people each stop at 1000). */
export const PAGE_SIZE = 1000;

/** One call's JSON at most, in UTF-8 bytes: this project's server takes 8 KB a request
 * (server/rest/body.ts), whatever language the items are in. */
const PIECE_BYTES = 6000;

/** `items` in order, in pieces whose JSON fits one call (a larger item alone in its piece). */
export function pieces<T>(items: T[]): T[][] {
  const all: T[][] = [];
  let length = 0;
  for (const item of items) {
    const size = Buffer.byteLength(JSON.stringify(item)) + 1;
    if (all.length === 0 || length + size > PIECE_BYTES) {
      all.push([]);
      length = 0;
    }
    all[all.length - 1].push(item);
    length += size;
  }
  return all;
}

export function functionCaller(client: SupabaseClient, description: string) {
  const call = async (fn: string, args: Args): Promise<unknown> => {
    const { data, error } = await client.rpc(fn, args);
    if (error) {
      const missing = error.code === 'PGRST202' || error.code === 'PGRST205';
      // supabase-js answers a network failure with an empty code.
      const unreachable = error.code === '';
      const wrongKey = error.message === 'Invalid API key';
      // The detail rides along: store.ts reads who holds a lease from it.
      throw Object.assign(
        new CliError(
          `Could not call ${fn} on ${description}: ${error.message || 'no answer'}` +
            (missing
              ? ' (apply the latest migration, or restart the server after updating it)'
              : unreachable
                ? ' (check that it is running and reachable, then try again)'
                : wrongKey
                  ? ' (SUPABASE_SERVICE_ROLE_KEY is not its service-role key: set it to that key, or for the own server unset it, and the key in DATA_DIR is used)'
                  : ''),
        ),
        { detail: error.details || undefined },
      );
    }
    return data;
  };
  return {
    description,
    /** A set-returning function: its rows. */
    rows: async <T>(fn: string, args: Args) => ((await call(fn, args)) ?? []) as T[],
    /** A function returning one value. */
    scalar: async <T>(fn: string, args: Args) => (await call(fn, args)) as T,
  };
}
