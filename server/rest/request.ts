// Reading a PostgREST request: Prefer and the paging parameters.
import { HTTP, pgrst } from './errors.ts';
import type { Resolution } from './signups.ts';

export interface Prefer {
  returnRepresentation: boolean;
  countExact: boolean;
  resolution: Resolution;
}

export function parsePrefer(header: string | undefined): Prefer {
  const prefer: Prefer = { returnRepresentation: false, countExact: false, resolution: undefined };
  for (const token of (header ?? '').split(',')) {
    const t = token.trim();
    if (t === 'return=representation') prefer.returnRepresentation = true;
    else if (/^count=(exact|planned|estimated)$/.test(t)) prefer.countExact = true;
    else if (t === 'resolution=merge-duplicates') prefer.resolution = 'merge-duplicates';
    else if (t === 'resolution=ignore-duplicates') prefer.resolution = 'ignore-duplicates';
  }
  return prefer;
}

/** `limit` / `offset`: absent, or a non-negative integer. */
export function nonNegative(value: string | undefined, name: string): number | null {
  if (value === undefined) return null;
  if (!/^\d{1,9}$/.test(value)) {
    throw pgrst(HTTP.badRequest, 'PGRST100', `"failed to parse ${name} (${value})"`);
  }
  return Number(value);
}
