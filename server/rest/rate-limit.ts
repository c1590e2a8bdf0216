// Per-address limits. Fixed one-minute windows shared by every address: O(1) per request.
// Memory is bounded by MAX_TRACKED keys whatever a flood does, and no two keys ever share a
// budget: when the table is full, a new key takes the place of the longest-known key that is
// still under its limit (it loses a little of a count that was not stopping it), and only when
// every tracked key is already held back does the oldest of those make room. So a stranger is
// never refused for a flood it took no part in, and a flood has to come from more than
// MAX_TRACKED keys a minute, each at the limit, before any of them gets a second budget.
import { rateKey } from '../client-address.ts';
import { HTTP, RestError } from './errors.ts';

const WINDOW_MS = 60_000;
/** About 2 MB at most: a key is one short string and one small number. */
export const MAX_TRACKED = 20_000;

export interface RateLimiter {
  /** null when allowed; otherwise the seconds until the caller may try again. */
  hit(address: string): number | null;
  /** Keys counted in the current window (for tests and the soak). */
  readonly size: number;
}

/** Deletes and returns the first key of a Map (its oldest insertion). */
function dropOldest(map: Map<string, number>): void {
  const first = map.keys().next();
  if (!first.done) map.delete(first.value);
}

export function createRateLimiter(
  perMinute: number,
  now: () => number = Date.now,
  maxTracked = MAX_TRACKED,
): RateLimiter {
  let windowEnd = 0;
  // Two tables, so making room is O(1): keys still under the limit, and keys at or over it.
  let under = new Map<string, number>();
  let held = new Map<string, number>();
  return {
    hit(address) {
      if (perMinute <= 0) return null;
      const t = now();
      if (t >= windowEnd) {
        windowEnd = t - (t % WINDOW_MS) + WINDOW_MS;
        under = new Map();
        held = new Map();
      }
      const key = rateKey(address);
      const retryAfter = () => Math.max(1, Math.ceil((windowEnd - t) / 1000));
      const over = held.get(key);
      if (over !== undefined) {
        held.set(key, over + 1);
        return retryAfter();
      }
      let count = under.get(key);
      if (count === undefined) {
        if (under.size + held.size >= maxTracked) dropOldest(under.size > 0 ? under : held);
        count = 0;
      }
      count += 1;
      if (count >= perMinute) {
        under.delete(key);
        held.set(key, count);
      } else {
        under.set(key, count);
      }
      return count > perMinute ? retryAfter() : null;
    },
    get size() {
      return under.size + held.size;
    },
  };
}

/** 429, as Supabase's gateway answers it, with the seconds to wait. */
export function tooManyRequests(retryAfter: number, what = 'sign-ups') {
  return new RestError(
    HTTP.tooManyRequests,
    {
      code: 'over_request_rate_limit',
      message: `Too many ${what} from this address: try again in ${retryAfter} seconds`,
      details: null,
      hint: null,
    },
    { 'Retry-After': String(retryAfter) },
  );
}
