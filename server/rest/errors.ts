// PostgREST's error shapes and status codes, so supabase-js reads our errors exactly as it
// reads Supabase's. https://docs.postgrest.org/en/stable/references/errors.html
import type { ApiRole, PgError } from '../../platform/db/types.ts';
import { CORS_HEADERS } from './cors.ts';

export const JSON_TYPE = 'application/json; charset=utf-8';

interface RestErrorBody {
  code?: string;
  message: string;
  details?: string | null;
  hint?: string | null;
}

export class RestError extends Error {
  readonly status: number;
  readonly body: RestErrorBody;
  readonly headers: Record<string, string>;
  constructor(status: number, body: RestErrorBody, headers: Record<string, string> = {}) {
    super(body.message);
    this.name = 'RestError';
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

/** PostgREST's four-field body. */
export function pgrst(
  status: number,
  code: string,
  message: string,
  extra: Partial<RestErrorBody> = {},
  headers: Record<string, string> = {},
) {
  return new RestError(status, { code, details: null, hint: null, message, ...extra }, headers);
}

export const emptyOrInvalidJson = () => pgrst(400, 'PGRST102', 'Empty or invalid json');

/** JSON.parse, throwing `error()` (by default PostgREST's PGRST102) when the text is not JSON. */
export function parseJson(text: string, error: () => Error = emptyOrInvalidJson): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw error();
  }
}

/**
 * PostgREST's table from SQLSTATE to HTTP status, as its error reference lists it: a row is an
 * exact code or a class prefix; the first match wins, so exact codes come before their class.
 * 42501 (insufficient privilege) is not here: it depends on the role (see statusForPgError).
 * Anything unlisted is the caller's fault: 400.
 */
const PG_STATUS_TABLE: ReadonlyArray<readonly [codeOrPrefix: string, status: number]> = [
  ['08', 503], // connection exception
  ['09', 500], // triggered action exception
  ['0L', 403], // invalid grantor
  ['0P', 403], // invalid role specification
  ['23503', 409], // foreign key violation
  ['23505', 409], // uniqueness violation
  ['25006', 405], // read-only SQL transaction
  ['25', 500], // invalid transaction state
  ['28', 403], // invalid authorization specification
  ['2D', 500], // invalid transaction termination
  ['38', 500], // external routine exception
  ['39', 500], // external routine invocation exception
  ['3B', 500], // savepoint exception
  ['40', 500], // transaction rollback
  ['53400', 500], // configuration limit exceeded
  ['53', 503], // insufficient resources
  ['54', 500], // program limit exceeded
  ['55', 500], // object not in prerequisite state
  ['57', 500], // operator intervention
  ['58', 500], // system error
  ['F0', 500], // configuration file error
  ['HV', 500], // foreign data wrapper error
  ['P0001', 400], // raise_exception: a function's own error
  ['P0', 500], // PL/pgSQL error
  ['XX', 500], // internal error
  ['42883', 404], // undefined function
  ['42P01', 404], // undefined table
  ['42P17', 500], // infinite recursion (in a policy)
];

export function statusForPgError(code: string, role: ApiRole): number {
  // Not signed in: authenticate (401); signed in: forbidden (403).
  if (code === '42501') return role === 'anon' ? 401 : 403;
  const row = PG_STATUS_TABLE.find(([codeOrPrefix]) => code.startsWith(codeOrPrefix));
  return row ? row[1] : 400;
}

/**
 * An answer a database function chose (`raise sqlstate 'PGRST'`): the message is the JSON body,
 * the detail the status and headers, as PostgREST reads them; null when they are not that.
 */
function raisedAnswer(error: PgError): RestError | null {
  if (error.code !== 'PGRST') return null;
  try {
    const body = JSON.parse(error.message) as RestErrorBody;
    const { status, headers = {} } = JSON.parse(error.details ?? '') as {
      status: number;
      headers?: Record<string, string>;
    };
    if (!Number.isInteger(status) || typeof body.message !== 'string') return null;
    const { code, message, details = null, hint = null } = body;
    return new RestError(status, { code, message, details, hint }, headers);
  } catch {
    return null;
  }
}

export function fromPgError(error: PgError, role: ApiRole): RestError {
  const raised = raisedAnswer(error);
  if (raised) return raised;
  const status = statusForPgError(error.code, role);
  // PostgREST tells an anonymous caller how to authenticate.
  const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
  return new RestError(status, error, headers);
}

/** The response for a RestError: PostgREST's JSON body, CORS headers as well (Hono drops the
 * body of an answer to HEAD). */
export function restErrorResponse(error: RestError): Response {
  return new Response(JSON.stringify(error.body), {
    status: error.status,
    headers: { ...CORS_HEADERS, 'Content-Type': JSON_TYPE, ...error.headers },
  });
}
