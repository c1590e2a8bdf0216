import { LOCAL_ANON_KEY, SIGNUP_TABLE } from '../common/signup-contract.ts';
import { createApp } from '../server/app.ts';
import type { Db } from '../platform/db/types.ts';

export const ANON = LOCAL_ANON_KEY;
export const SERVICE = 'sb_secret_test-service-role-key-0123456789';
export const ENDPOINT = 'http://localhost/rest/v1/tedxcommunity_emails';

/** The connection app.request() pretends to come in on: a peer address, as @hono/node-server
 * passes it (getConnInfo reads it). */
export const peer = (remoteAddress: string) => ({
  incoming: {
    socket: {
      remoteAddress,
      remotePort: 40000,
      remoteFamily: remoteAddress.includes(':') ? 'IPv6' : 'IPv4',
    },
  },
});

/** The test app sits behind a proxy on 127.0.0.1 (so tests may name clients in X-Forwarded-For). */
const TEST_PROXY = '127.0.0.1';

export function testApp(
  db: Db,
  overrides: {
    signupRateLimit?: number;
    requestRateLimit?: number;
    distDir?: string | null;
    log?: (line: string) => void;
    onFatal?: (reason: string) => void;
  } = {},
) {
  const app = createApp({
    db,
    settings: {
      anonKey: ANON,
      serviceRoleKey: SERVICE,
      signupRateLimit: overrides.signupRateLimit ?? 0,
      requestRateLimit: overrides.requestRateLimit ?? 0,
      trustProxy: [TEST_PROXY],
    },
    distDir: overrides.distDir ?? null,
    log: overrides.log,
    onFatal: overrides.onFatal,
  });
  const request = app.request.bind(app);
  // Every request comes from the proxy unless a test passes its own connection.
  app.request = (input, init, env = peer(TEST_PROXY), executionCtx) =>
    request(input, init, env, executionCtx);
  return app;
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

/** The sign-up form's own request (anon key, insert only, as supabase-js sends it) to a running
 * server. */
export const formSignUp = (origin: string, email: string) =>
  fetch(`${origin}/rest/v1/${SIGNUP_TABLE}`, {
    method: 'POST',
    headers: clientHeaders(ANON, { Prefer: 'return=minimal' }),
    body: JSON.stringify({ email }),
  });

export async function storedEmails(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ email: string }>(
    'select email from public.tedxcommunity_emails order by id',
  );
  return rows.map((r) => r.email);
}
