// The PostgREST-compatible surface: /rest/v1/<table>. Only the sign-up table exists; anon may
// insert into it, the service role may also read it (organiser tools). Everything else is
// refused by the database itself, as on Supabase.
import type { Context } from 'hono';
import { SIGNUP_TABLE } from '../../src/lib/signup-contract.ts';
import type { Db } from '../db/types.ts';
import { createKeyChecker, type Keys } from './auth.ts';
import { preflightHeaders } from './cors.ts';
import { HTTP, pgrst } from './errors.ts';
import { createInsert } from './insert.ts';
import { createRateLimiter } from './rate-limit.ts';
import { createRpc, RPC_PREFIX } from './rpc.ts';
import { createSelect } from './select.ts';

export interface RestOptions {
  db: Db;
  keys: Keys;
  signupRateLimit: number;
  trustProxy: boolean;
}

function checkTable(path: string) {
  const table = path.slice('/rest/v1/'.length).replace(/\/$/, '');
  if (table === SIGNUP_TABLE) return;
  throw pgrst(
    HTTP.notFound,
    'PGRST205',
    `Could not find the table 'public.${table}' in the schema cache`,
    {
      hint: `Perhaps you meant the table 'public.${SIGNUP_TABLE}'`,
    },
  );
}

function checkProfile(c: Context) {
  const reading = c.req.method === 'GET' || c.req.method === 'HEAD';
  const profile = c.req.header(reading ? 'accept-profile' : 'content-profile');
  if (profile !== undefined && profile !== 'public') {
    throw pgrst(HTTP.notAcceptable, 'PGRST106', 'The schema must be one of the following: public');
  }
}

export function createRestHandler(options: RestOptions) {
  const authenticate = createKeyChecker(options.keys);
  // One limit per address for both ways to sign up: the table insert and the form's function.
  const writes = {
    db: options.db,
    limiter: createRateLimiter(options.signupRateLimit),
    trustProxy: options.trustProxy,
  };
  const insert = createInsert(writes);
  const rpc = createRpc(writes);
  const { select, refuseWrite } = createSelect(options.db);

  return async function handleRest(c: Context): Promise<Response> {
    const method = c.req.method;
    if (method === 'OPTIONS') {
      const headers = preflightHeaders(c.req.header('access-control-request-headers'));
      return new Response(null, { status: HTTP.noContent, headers });
    }
    // A RestError thrown from here is answered by the app's onError (restErrorResponse).
    // The gateway's order: key first, then the table, then the request itself.
    const role = authenticate(
      c.req.header('apikey') ?? c.req.query('apikey'),
      c.req.header('authorization'),
    );
    if (c.req.path.startsWith(RPC_PREFIX)) {
      checkProfile(c);
      return rpc(c, role);
    }
    checkTable(c.req.path);
    checkProfile(c);
    if (method === 'POST') return insert(c, role);
    if (method === 'GET' || method === 'HEAD') return select(c, role);
    if (method === 'PATCH' || method === 'PUT' || method === 'DELETE') return refuseWrite(c, role);
    throw pgrst(HTTP.methodNotAllowed, 'PGRST117', `Unsupported HTTP method: ${method}`);
  };
}
