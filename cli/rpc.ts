// Calls the migration's functions the same way on every backend: over a direct connection as
// service_role (so the grants decide, as on Supabase), or over PostgREST with supabase-js .rpc();
// either way the answer is PostgREST's JSON.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { callSql } from '../server/rest/rpc.ts';
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
  // The SQL the server's /rest/v1/rpc runs, so both paths answer the same JSON.
  const call = async <T>(fn: string, args: Args, returnsSet: boolean): Promise<T> => {
    const names = Object.keys(args);
    if (![fn, ...names].every((n) => NAME.test(n))) throw new Error(`bad name in ${fn}`);
    const sql = callSql(fn, names, { returns_set: returnsSet, returns_void: false });
    const values = Object.values(args).map((v) =>
      typeof v === 'object' && v !== null ? JSON.stringify(v) : v,
    );
    const { rows } = await backend.db.queryAs<{ body: string }>('service_role', sql, values);
    return JSON.parse(rows[0].body) as T;
  };
  return {
    description: backend.description,
    rows: <T>(fn: string, args: Args) => call<T[]>(fn, args, true),
    scalar: <T>(fn: string, args: Args) => call<T>(fn, args, false),
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
