// The one way this project calls a database function by name, as PostgREST's /rpc does: the RPC
// route, the organiser CLI and the unsubscribe handler all come through here. Only functions in
// `public` that the current role may EXECUTE and that no extension owns are found; arguments
// travel as text parameters (Postgres casts them), names are quoted identifiers.
import type { Queryable } from '../../platform/db/types.ts';

interface FunctionSignature {
  /** The input arguments' names ({} when none is named). */
  arg_names: string[];
  arg_count: number;
  default_count: number;
  returns_set: boolean;
  returns_void: boolean;
}

/** Argument values: text or null (JSON values already as their text). */
export type FunctionArgs = Record<string, string | null>;

const FUNCTION_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

// Run as the calling role (inside its transaction), so has_function_privilege answers for it.
const CANDIDATES_SQL = `select json_build_object(
    'arg_names', case when p.proargnames is null then '{}'::text[] else array(
      select a.name from unnest(p.proargnames, p.proargmodes) as a(name, mode)
      where a.mode is null or a.mode in ('i', 'b', 'v')) end,
    'arg_count', p.pronargs, 'default_count', p.pronargdefaults, 'returns_set', p.proretset,
    'returns_void', p.prorettype = 'void'::regtype)::text as candidate
  from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
  where n.nspname = 'public' and p.proname = $1
    and has_function_privilege(p.oid, 'execute')
    and not exists (select 1 from pg_catalog.pg_depend d
      where d.classid = 'pg_catalog.pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`;

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The call by named parameters ($1…), answering as PostgREST does: a set as one JSON array, a
 * value as JSON, void as nothing.
 */
function callSql(name: string, names: string[], signature: FunctionSignature): string {
  const call = `public.${quoteIdent(name)}(${names.map((n, i) => `${quoteIdent(n)} => $${i + 1}`).join(', ')})`;
  if (signature.returns_void) return `select ${call}`;
  if (signature.returns_set)
    return `select coalesce(json_agg(_r), '[]')::text as body from ${call} _r`;
  return `select to_json(${call})::text as body`;
}

/** The signature whose input arguments cover the given names and need no others. */
function pick(candidates: FunctionSignature[], names: string[]): FunctionSignature | undefined {
  return candidates.find((c) => {
    if (c.arg_names.length !== c.arg_count) return false; // unnamed arguments: not callable by name
    const required = c.arg_names.slice(0, c.arg_count - c.default_count);
    return names.every((n) => c.arg_names.includes(n)) && required.every((n) => names.includes(n));
  });
}

/** Thrown when no callable function of that name takes those arguments. */
export class FunctionNotFound extends Error {
  constructor(fn: string, argNames: string[]) {
    super(`no callable function public.${fn}(${argNames.join(', ')})`);
    this.name = 'FunctionNotFound';
  }
}

/**
 * Calls public.<fn>(<args by name>) on `tx` as whatever role it runs as: its answer as JSON
 * text, null for a void function. Signatures are kept per role and name once found (as
 * PostgREST's schema cache; migrations run before the server starts), so the cache is bounded by
 * the functions that exist, not by what callers ask for.
 */
export function createFunctionCaller() {
  const signatures = new Map<string, FunctionSignature[]>();
  return async function callFunction(tx: Queryable, role: string, fn: string, args: FunctionArgs) {
    const names = Object.keys(args);
    if (!FUNCTION_NAME.test(fn)) throw new FunctionNotFound(fn, names);
    const key = `${role}:${fn}`;
    let candidates = signatures.get(key);
    if (!candidates) {
      const { rows } = await tx.query<{ candidate: string }>(CANDIDATES_SQL, [fn]);
      candidates = rows.map((r) => JSON.parse(r.candidate) as FunctionSignature);
      if (candidates.length > 0) signatures.set(key, candidates);
    }
    const signature = pick(candidates, names);
    if (!signature) throw new FunctionNotFound(fn, names);
    const { rows } = await tx.query<{ body: string | null }>(
      callSql(fn, names, signature),
      names.map((n) => args[n]),
    );
    return signature.returns_void ? null : (rows[0].body ?? 'null');
  };
}

export type CallFunction = ReturnType<typeof createFunctionCaller>;
