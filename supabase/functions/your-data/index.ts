// Supabase Edge Function (Deno): the "Your data" link on hosted Supabase, beside `unsubscribe`
// (its mail link is UNSUBSCRIBE_URL's sibling, .../functions/v1/your-data). Deploy with
// `npx supabase functions deploy your-data --no-verify-jwt` (docs/deploying.md, step 5). Its
// deno.json is the unsubscribe function's.
import { createYourDataHandler } from '../../../common/your-data-handler.ts';
import { serve } from '../_shared/edge.ts';

serve('your-data', createYourDataHandler);
