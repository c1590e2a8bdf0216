// Per-address limits. Fixed one-minute windows shared by every address: O(1) per request, and
// memory bounded twice over: by the addresses seen in one minute, and by MAX_TRACKED (beyond it,
// addresses not yet seen share one budget, so a flood of spoofed sources cannot grow the map).
import { rateKey } from '../client-address.ts';
import { HTTP, RestError } from './errors.ts';

const WINDOW_MS = 60_000;
const MAX_TRACKED = 20_000;
const OVERFLOW = '(overflow)';

export interface RateLimiter {
  /** null when allowed; otherwise the seconds until the caller may try again. */
  hit(address: string): number | null;
  /** Addresses counted in the current window (for tests and the soak). */
  readonly size: number;
}

export function createRateLimiter(
  perMinute: number,
  now: () => number = Date.now,
  maxTracked = MAX_TRACKED,
): RateLimiter {
  let windowEnd = 0;
  let counts = new Map<string, number>();
  return {
    hit(address) {
      if (perMinute <= 0) return null;
      const t = now();
      if (t >= windowEnd) {
        windowEnd = t - (t % WINDOW_MS) + WINDOW_MS;
        counts = new Map();
      }
      let key = rateKey(address);
      if (!counts.has(key) && counts.size >= maxTracked) key = OVERFLOW;
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      return count > perMinute ? Math.max(1, Math.ceil((windowEnd - t) / 1000)) : null;
    },
    get size() {
      return counts.size;
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
