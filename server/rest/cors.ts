// CORS as Supabase answers it: any origin, no credentials, preflight without a key.
export const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers':
    'Content-Range, Content-Location, Location, Range-Unit, Retry-After',
};

const DEFAULT_ALLOWED_HEADERS =
  'authorization, x-client-info, apikey, content-type, content-profile, accept-profile, prefer, range, x-supabase-api-version';

export function preflightHeaders(requested: string | undefined): Record<string, string> {
  // Echo what the browser asks for (as Supabase does), but only well-formed header names.
  const allowed =
    requested && /^[A-Za-z0-9_\-, ]{1,500}$/.test(requested) ? requested : DEFAULT_ALLOWED_HEADERS;
  return {
    ...CORS_HEADERS,
    'Access-Control-Allow-Methods': 'GET, HEAD, POST, PATCH, PUT, DELETE, OPTIONS',
    'Access-Control-Allow-Headers': allowed,
    'Access-Control-Max-Age': '3600',
  };
}
