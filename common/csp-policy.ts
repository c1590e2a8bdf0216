// The policies themselves, with no Node imports: the server's pages (csp.ts) and the Supabase Edge
// Function's unsubscribe pages are held to the same rules.

/** For answers that are not HTML pages: nothing may load, nothing may frame. */
export const STRICT_CSP = "default-src 'none'; frame-ancestors 'none'";

/** A page without a meta policy: exactly its own inline scripts and styles (by hash). */
export function hashedPolicy(scriptHashes: string[], styleHashes: string[]): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    ["style-src 'self'", ...styleHashes].join(' '),
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
