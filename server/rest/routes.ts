// The PostgREST-compatible surface, mounted at /rest/v1: /<table> and /rpc/<function>. Only the
// sign-up table exists, and only its insert is served: the organiser tools read and change the
// list through database functions. What anon may not do is refused by the database itself, as
// on Supabase.
// The gateway's order: CORS preflight (no key), the key, the limits, then the request itself.
// A RestError thrown anywhere here is answered by the app's onError (restErrorResponse).
import { Hono, type Context } from 'hono';
import { setTimeout as sleep } from 'node:timers/promises';
import { SIGNUP_FORM_FUNCTION, SIGNUP_TABLE } from '../../common/signup-contract.ts';
import type { CallFunction } from '../db/call-function.ts';
import type { ApiRole } from '../../platform/db/types.ts';
import { createKeyChecker, type Keys } from './auth.ts';
import { restBodyLimit } from './body.ts';
import { restCors } from './cors.ts';
import { pgrst } from './errors.ts';
import { insert, TABLE } from './insert.ts';
import { inRequest, type RequestDb, type RestEnv } from './request-settings.ts';
import { rpc } from './rpc.ts';

interface RestOptions extends RequestDb {
  keys: Keys;
  callFunction: CallFunction;
  /** The per-address limit on every request not made with the service-role key: the caller's
   * address, or a 429 thrown. */
  limitRequests: (c: Context) => string;
}

function checkTable(table: string) {
  if (table === SIGNUP_TABLE) return;
  throw pgrst(404, 'PGRST205', `Could not find the table 'public.${table}' in the schema cache`, {
    hint: `Perhaps you meant the table 'public.${SIGNUP_TABLE}'`,
  });
}

function checkProfile(c: Context) {
  const reading = c.req.method === 'GET' || c.req.method === 'HEAD';
  const profile = c.req.header(reading ? 'accept-profile' : 'content-profile');
  if (profile !== undefined && profile !== 'public') {
    throw pgrst(406, 'PGRST106', 'The schema must be one of the following: public');
  }
}

const unsupported = (method: string, hint: string | null = null) =>
  pgrst(405, 'PGRST117', `Unsupported HTTP method: ${method}`, { hint });

/** Statements that exist only so the grants refuse anon, in Postgres's own words (42501). */
const READ = `select 1 from ${TABLE} where false`;
const UPDATE = `update ${TABLE} set email = email where false`;
const REFUSED_TO_ANON: Record<string, string> = {
  GET: READ,
  HEAD: READ,
  PATCH: UPDATE,
  PUT: UPDATE,
  DELETE: `delete from ${TABLE} where false`,
};

/** A sign-up answered (201, or the form's 303) is answered no sooner than this after its body
 * arrived, so that its time does not tell whether the address was on the list (decision 0025).
 * On hosted Supabase the database waits (tedxcommunity_budget.answer_floor_ms(), the same
 * number); here Node does. */
export const ANSWER_FLOOR_MS = 25;

async function atTheFloor(c: Context<RestEnv>, answer: () => Promise<Response>) {
  // Counted from the body's last byte (Hono keeps the body for the handler): a client sending
  // its body slowly would otherwise spend the floor itself, and see the work's own time.
  await c.req.arrayBuffer();
  const until = performance.now() + ANSWER_FLOOR_MS;
  // A refusal (thrown: 400, 409, 429) is not held: it reads the same whatever the list holds, or
  // is the spec's "already on the list".
  const response = await answer();
  if (c.get('role') !== 'service_role') await sleep(Math.max(0, until - performance.now()));
  return response;
}

/** What follows `prefix` (/rest/v1/ or /rest/v1/rpc/). A trailing slash stays, so
 * `…/tedxcommunity_emails/` is no table, as at PostgREST (404). */
const rest = (c: Context, prefix: string) => c.req.path.slice(prefix.length);

export function createRestApp(options: RestOptions) {
  const authenticate = createKeyChecker(options.keys);
  /** Reading or changing rows: anon hears what PostgREST under row-level security answers; the
   * service role, that nothing here serves it (no product path reads the table over REST). */
  async function refuse(c: Context<RestEnv>): Promise<never> {
    const sql = REFUSED_TO_ANON[c.req.method];
    if (c.get('role') === 'anon') await inRequest(c, options, (tx) => tx.query(sql));
    throw unsupported(
      c.req.method,
      'Only inserts are served on this table; read and change the list through the database functions at /rest/v1/rpc/.',
    );
  }
  const app = new Hono<RestEnv>();

  app.use(restCors());
  // The key, and the per-address limit on everything but the service role: a wrong key, a read
  // the grants will refuse and a function call all cost the caller, before any SQL.
  app.use(async (c, next) => {
    let role: ApiRole | undefined;
    try {
      role = authenticate(
        c.req.header('apikey') ?? c.req.query('apikey'),
        c.req.header('authorization'),
      );
    } finally {
      // A wrong key is counted too (and a 429 answered before its 401).
      c.set('client', role === 'service_role' ? '' : options.limitRequests(c));
    }
    c.set('role', role);
    await next();
  });
  app.use(restBodyLimit());

  // The function calls first: the table's route below matches every path.
  app.all('/rpc/*', (c) => {
    checkProfile(c);
    if (c.req.method !== 'POST') throw unsupported(c.req.method);
    const name = rest(c, '/rest/v1/rpc/');
    if (name === SIGNUP_FORM_FUNCTION) return atTheFloor(c, () => rpc(c, options, name));
    return rpc(c, options, name);
  });
  app.all('*', (c) => {
    checkTable(rest(c, '/rest/v1/'));
    checkProfile(c);
    if (c.req.method === 'POST') return atTheFloor(c, () => insert(c, options));
    if (Object.hasOwn(REFUSED_TO_ANON, c.req.method)) return refuse(c);
    throw unsupported(c.req.method);
  });
  return app;
}
