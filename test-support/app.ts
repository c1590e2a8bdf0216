import { LOCAL_ANON_KEY } from '../src/lib/signup-contract.ts';
import { createApp } from '../server/app.ts';
import type { Db } from '../server/db/types.ts';

export const ANON = LOCAL_ANON_KEY;
export const SERVICE = 'sb_secret_test-service-role-key-0123456789';
export const ENDPOINT = 'http://localhost/rest/v1/tedxcommunity_emails';

export function testApp(
  db: Db,
  overrides: { signupRateLimit?: number; distDir?: string | null } = {},
) {
  return createApp({
    db,
    settings: {
      anonKey: ANON,
      serviceRoleKey: SERVICE,
      signupRateLimit: overrides.signupRateLimit ?? 0,
      trustProxy: true,
    },
    distDir: overrides.distDir ?? null,
  });
}

/** The headers supabase-js 2 sends with an insert. */
export function clientHeaders(
  key = ANON,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    apikey: key,
    Authorization: `Bearer ${key}`,
    'Content-Type': 'application/json',
    'Content-Profile': 'public',
    'X-Client-Info': 'supabase-js-node/2',
    ...extra,
  };
}

export async function storedEmails(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ email: string }>(
    'select email from public.tedxcommunity_emails order by id',
  );
  return rows.map((r) => r.email);
}
