// Reading a PostgREST request: Prefer, paging parameters, the client's address.
import type { Context } from 'hono';
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

/** The peer address, or with TRUST_PROXY the one the (single, trusted) proxy appended last. */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const last = c.req.header('x-forwarded-for')?.split(',').pop()?.trim();
    if (last) return last;
  }
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'unknown';
}

/** `limit` / `offset`: absent, or a non-negative integer. */
export function nonNegative(value: string | undefined, name: string): number | null {
  if (value === undefined) return null;
  if (!/^\d{1,9}$/.test(value)) {
    throw pgrst(HTTP.badRequest, 'PGRST100', `"failed to parse ${name} (${value})"`);
  }
  return Number(value);
}
