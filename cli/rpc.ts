// Calls the migration's functions the same way on every backend: over a direct connection as
// service_role (so the grants decide, as on Supabase), or over PostgREST with supabase-js .rpc().
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { CliError, type Backend } from './sources.ts';

/** Scalars, or JSON for a json/jsonb argument. */
type Args = Record<string, string | number | boolean | null | object>;

export interface FunctionCaller {
  description: string;
  /** A set-returning function: its rows. */
  rows<T>(fn: string, args: Args): Promise<T[]>;
  /** A function returning one value. */
  scalar<T>(fn: string, args: Args): Promise<T>;
}

// Function and argument names come from this program, never from input; checked anyway.
const NAME = /^[a-z_][a-z0-9_]*$/;

function dbCaller(backend: Extract<Backend, { kind: 'db' }>): FunctionCaller {
  const call = async <T>(fn: string, args: Args, star: boolean) => {
    const names = Object.keys(args);
    if (![fn, ...names].every((n) => NAME.test(n))) throw new Error(`bad name in ${fn}`);
    const list = names.map((n, i) => `${n} => $${i + 1}`).join(', ');
    const sql = star ? `select * from public.${fn}(${list})` : `select public.${fn}(${list}) as v`;
    const values = Object.values(args).map((v) =>
      typeof v === 'object' && v !== null ? JSON.stringify(v) : v,
    );
    return (await backend.db.queryAs<T>('service_role', sql, values)).rows;
  };
  return {
    description: backend.description,
    rows: (fn, args) => call(fn, args, true),
    async scalar<T>(fn: string, args: Args) {
      const [row] = await call<{ v: T }>(fn, args, false);
      return row.v;
    },
  };
}

function restCaller(backend: Extract<Backend, { kind: 'rest' }>): FunctionCaller {
  const client: SupabaseClient = createClient(backend.url, backend.key, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const call = async (fn: string, args: Args): Promise<unknown> => {
    const { data, error } = await client.rpc(fn, args);
    if (error) {
      const missing = error.code === 'PGRST202' || error.code === 'PGRST205';
      throw new CliError(
        `Could not call ${fn} on ${backend.description}: ${error.message || 'no answer'}` +
          (missing ? ' (apply the latest migration, or restart the server after updating it)' : ''),
      );
    }
    return data;
  };
  return {
    description: backend.description,
    rows: async <T>(fn: string, args: Args) => ((await call(fn, args)) ?? []) as T[],
    scalar: async <T>(fn: string, args: Args) => (await call(fn, args)) as T,
  };
}

export function functionCaller(backend: Backend): FunctionCaller {
  if (backend.kind === 'db') return dbCaller(backend);
  if (backend.kind === 'rest') return restCaller(backend);
  throw new CliError(`Nobody has signed up yet: ${backend.description}`);
}
