// Calls the migration's functions the same way on every backend: over a direct connection as
// service_role (so the grants decide, as on Supabase), or over PostgREST with supabase-js .rpc();
// either way the answer is PostgREST's JSON.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { argsAsText, createFunctionCaller, FunctionNotFound } from '../server/db/call-function.ts';
import type { Settings } from '../platform/settings.ts';
import { normaliseEmail } from '../src/lib/normalise-signup.ts';
import { CliError, openBackend, type Backend } from './sources.ts';

/** Scalars, or JSON for a json/jsonb argument. */
type Args = Record<string, string | number | boolean | null | object>;

export interface FunctionCaller {
  description: string;
  /** A set-returning function: its rows. */
  rows<T>(fn: string, args: Args): Promise<T[]>;
  /** A function returning one value. */
  scalar<T>(fn: string, args: Args): Promise<T>;
}

function dbCaller(backend: Extract<Backend, { kind: 'db' }>): FunctionCaller {
  // The module the server's /rest/v1/rpc uses, so both paths find and answer the same way.
  const callFunction = createFunctionCaller();
  const call = async <T>(fn: string, args: Args): Promise<T> => {
    let body: string | null;
    try {
      ({ body } = await backend.db.transactionAs('service_role', (tx) =>
        callFunction(tx, 'service_role', fn, argsAsText(args)),
      ));
    } catch (error) {
      if (!(error instanceof FunctionNotFound)) throw error;
      throw new CliError(
        `Could not call ${fn} on ${backend.description}: no such function (apply the latest migration)`,
      );
    }
    return (body === null ? null : JSON.parse(body)) as T;
  };
  return {
    description: backend.description,
    rows: async <T>(fn: string, args: Args) => ((await call<T[] | null>(fn, args)) ?? []) as T[],
    scalar: <T>(fn: string, args: Args) => call<T>(fn, args),
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
      // The detail rides along, as a direct connection's error carries it (store.ts reads it).
      throw Object.assign(
        new CliError(
          `Could not call ${fn} on ${backend.description}: ${error.message || 'no answer'}` +
            (missing
              ? ' (apply the latest migration, or restart the server after updating it)'
              : ''),
        ),
        { detail: error.details || undefined },
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

/**
 * Opens the backend the settings name, hands `fn` its caller (null when there is no database
 * yet) and its description, and closes it afterwards, whatever happens.
 */
export async function withCaller<T>(
  settings: Settings,
  fn: (caller: FunctionCaller | null, description: string) => Promise<T>,
): Promise<T> {
  const backend = await openBackend(settings);
  try {
    return await fn(backend.kind === 'none' ? null : functionCaller(backend), backend.description);
  } finally {
    await backend.close();
  }
}

/** What to say once a function has looked for an address (as stored) on a backend. */
export interface EmailLines {
  found(email: string, description: string): string;
  notFound(email: string, description: string): string;
}

/**
 * One address for a migration function that takes it in any case (p_email) and answers whether
 * it was there: says on stdout which, with the address as stored.
 */
export function callForEmail(
  settings: Settings,
  fn: string,
  email: string,
  lines: EmailLines,
): Promise<number> {
  return withCaller(settings, async (caller, description) => {
    const found = caller !== null && (await caller.scalar<boolean>(fn, { p_email: email }));
    const say = found ? lines.found : lines.notFound;
    process.stdout.write(say(normaliseEmail(email), description) + '\n');
    return 0;
  });
}
