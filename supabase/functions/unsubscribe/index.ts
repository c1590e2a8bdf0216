// Supabase Edge Function (Deno): the announcement's one-click unsubscribe on hosted Supabase.
// Deploy with `npx supabase functions deploy unsubscribe --no-verify-jwt` (mail providers send no
// JWT) and set UNSUBSCRIBE_URL to https://<ref>.supabase.co/functions/v1/unsubscribe (docs/deploying.md, step 5).
// Its one npm import (hono/html, the pages' templating in common/html.ts) is resolved by the
// deno.json beside this file, at the version package.json installs (unsubscribe-edge.test.ts).
import { createUnsubscribeHandler } from '../../../common/unsubscribe-handler.ts';
import { serve } from '../_shared/edge.ts';

serve('unsubscribe', createUnsubscribeHandler);
