// The pages' Content-Security-Policy (Astro's security.csp adds the inline-script hashes and
// writes it into each page; the server and dist/_headers send it as a header).

/** One directive with its sources, typed so Astro's `security.csp.directives` accepts it. */
type Directive =
  | `${'default' | 'img' | 'font' | 'connect' | 'manifest' | 'object'}-src ${string}`
  | `${'base-uri' | 'form-action'} ${string}`;

/**
 * Built with PUBLIC_SUPABASE_URL, the page talks to hosted Supabase: supabase-js connects to it
 * (connect-src) and the form without JavaScript posts to it (form-action). Otherwise both stay
 * on the page's own origin. The 303 from the form's function comes back to the site's own origin,
 * which 'self' allows (form-action also applies to redirects).
 */
export function cspDirectives(supabaseUrl: string | undefined): Directive[] {
  const supabase = supabaseUrl ? ` ${new URL(supabaseUrl).origin}` : '';
  return [
    "default-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${supabase}`,
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${supabase}`,
  ];
}
