// Per-address sign-up limit. Fixed one-minute windows shared by every address: O(1) per
// request, and memory bounded by the addresses seen in one minute.
import { HTTP, RestError } from './errors.ts';

const WINDOW_MS = 60_000;

export interface RateLimiter {
  /** null when allowed; otherwise the seconds until the caller may try again. */
  hit(address: string): number | null;
}

export function createRateLimiter(perMinute: number, now: () => number = Date.now): RateLimiter {
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
      const count = (counts.get(address) ?? 0) + 1;
      counts.set(address, count);
      return count > perMinute ? Math.max(1, Math.ceil((windowEnd - t) / 1000)) : null;
    },
  };
}

/** 429, as Supabase's gateway answers it, with the seconds to wait. */
export function tooManyRequests(retryAfter: number) {
  return new RestError(
    HTTP.tooManyRequests,
    {
      code: 'over_request_rate_limit',
      message: `Too many sign-ups from this address: try again in ${retryAfter} seconds`,
      details: null,
      hint: null,
    },
    { 'Retry-After': String(retryAfter) },
  );
}
