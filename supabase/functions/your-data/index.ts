// Supabase Edge Function (Deno): the "Your data" pages on hosted Supabase, beside `unsubscribe`;
// the site's /your-data/ page posts the mail link's token here (decision 0028). Deploy with
// `npx supabase functions deploy your-data --no-verify-jwt` (docs/deploying.md, step 5). Its
// deno.json is the unsubscribe function's.
import { createYourDataHandler } from '../../../common/your-data-handler.ts';
import { serve } from '../_shared/edge.ts';

serve('your-data', createYourDataHandler);
