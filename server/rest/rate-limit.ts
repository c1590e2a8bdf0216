// Per-client limits, held by the client and by each network above it (client-address.ts
// networks()), each key's minute starting at its first request: what they count and why, in
// docs/deploying.md, "What the limits count". O(1) per request; at most MAX_TRACKED keys, and
// when full a new key takes the place of the key under its limit that has gone unused longest: a
// network that keeps sending is never that key, however many new keys a flood brings.
import { networks } from '../client-address.ts';
import { pgrst } from './errors.ts';

const WINDOW_MS = 60_000;
/** About 2 MB at most: a key is one short string and a small record. */
export const MAX_TRACKED = 20_000;

interface Count {
  n: number;
  /** When this key's minute ends. */
  ends: number;
}

/** Drops the keys at the front of `map` whose minute has ended (the order of last use is near
 * enough to their order of ending; one out of order is dropped when it is next looked up). */
function dropEnded(map: Map<string, Count>, t: number): void {
  for (const [key, count] of map) {
    if (count.ends > t) return;
    map.delete(key);
  }
}

export function createRateLimiter(
  perMinute: number,
  now: () => number = Date.now,
  maxTracked = MAX_TRACKED,
) {
  // Two tables, so making room is O(1): keys still under the limit (allowed), in the order of
  // their last use, and keys that have reached it (refused until their minute ends; their count
  // is no longer needed).
  const under = new Map<string, Count>();
  const held = new Map<string, Count>();
  /** `key`'s count, taken out of `under` to be set again at its end (the latest used) or held. */
  const take = (key: string) => {
    const counted = under.get(key);
    under.delete(key);
    return counted;
  };
  /** One more hit on `key`; the key is held once it has had `limit`. */
  const count = (key: string, limit: number, t: number) => {
    let counted = take(key);
    if (counted === undefined || counted.ends <= t) {
      if (under.size + held.size >= maxTracked) {
        // The key unused longest of those under their limit, else the oldest of those held.
        const full = under.size > 0 ? under : held;
        full.delete(full.keys().next().value ?? '');
      }
      counted = { n: 0, ends: t + WINDOW_MS };
    }
    counted.n += 1;
    // This hit is the last one allowed (limit is a whole number): hold the key.
    if (counted.n >= limit) held.set(key, counted);
    else under.set(key, counted);
  };
  return {
    /** null when allowed; otherwise the seconds until the caller may try again. */
    hit(address: string): number | null {
      if (perMinute <= 0) return null;
      const t = now();
      dropEnded(under, t);
      dropEnded(held, t);
      const keys = networks(address);
      // Refused while the client or any network above it is held, for the longest of the waits;
      // a refused hit spends nothing, so a held client does not use up its network's budget.
      let wait = 0;
      for (const { key } of keys) {
        const over = held.get(key);
        if (over !== undefined && over.ends > t) wait = Math.max(wait, over.ends - t);
        else held.delete(key);
      }
      if (wait > 0) {
        // Nor is the network that sent it unused: its keys under their limit stay the latest used.
        for (const { key } of keys) {
          const counted = take(key);
          if (counted !== undefined) under.set(key, counted);
        }
        return Math.max(1, Math.ceil(wait / 1000));
      }
      for (const { key, clients } of keys) count(key, perMinute * clients, t);
      return null;
    },
    /** Keys counted now. */
    get size() {
      return under.size + held.size;
    },
  };
}

/** 429, as Supabase's gateway answers it, with the seconds to wait. */
export function tooManyRequests(retryAfter: number) {
  return pgrst(
    429,
    'over_request_rate_limit',
    `Too many requests from this address: try again in ${retryAfter} seconds`,
    {},
    { 'Retry-After': String(retryAfter) },
  );
}
