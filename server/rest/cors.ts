// CORS as Supabase answers it: any origin (cors()'s default), no credentials, preflight without a
// key. Hono's cors() answers the preflight (echoing the headers the browser asks for, as Supabase
// does) and puts its headers on every answer the REST routes return; CORS_HEADERS go on the error
// answers, which the app's onError builds outside that middleware chain.
import { cors } from 'hono/cors';

const EXPOSED = ['Content-Range', 'Content-Location', 'Location', 'Range-Unit', 'Retry-After'];

export const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': EXPOSED.join(', '),
};

export const restCors = () =>
  cors({
    allowMethods: ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'],
    exposeHeaders: EXPOSED,
    maxAge: 3600,
  });
