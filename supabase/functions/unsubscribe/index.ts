// Supabase Edge Function (Deno): the announcement's one-click unsubscribe on hosted Supabase.
// Deploy with `npx supabase functions deploy unsubscribe --no-verify-jwt` (mail providers send no
// JWT) and set UNSUBSCRIBE_URL to https://<ref>.supabase.co/functions/v1/unsubscribe (docs/deploying.md, step 5).
// Its one npm import (hono/html, the pages' templating in common/html.ts) is resolved by the
// deno.json beside this file, at the version package.json installs (unsubscribe-edge.test.ts).
import { createEdgeUnsubscribe } from './handler.ts';

// Deno's global, declared here so the project's TypeScript (Node types) checks this file too.
declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(handler: (request: Request) => Response | Promise<Response>): unknown;
};

const required = (name: string) => {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

Deno.serve(
  createEdgeUnsubscribe({
    supabaseUrl: required('SUPABASE_URL'),
    anonKey: required('SUPABASE_ANON_KEY'),
    siteUrl: Deno.env.get('SITE_URL'),
  }),
);
