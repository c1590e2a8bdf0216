// PostgREST's error shapes and status codes, so supabase-js reads our errors exactly as it
// reads Supabase's. https://docs.postgrest.org/en/stable/references/errors.html
import { asPgError, type ApiRole, type PgError } from '../../platform/db/types.ts';
import { CORS_HEADERS } from './cors.ts';

export const HTTP = {
  ok: 200,
  created: 201,
  noContent: 204,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  methodNotAllowed: 405,
  notAcceptable: 406,
  conflict: 409,
  payloadTooLarge: 413,
  tooManyRequests: 429,
  internalError: 500,
  unavailable: 503,
} as const;

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
) {
  return new RestError(status, { code, details: null, hint: null, message, ...extra });
}

export const emptyOrInvalidJson = () => pgrst(HTTP.badRequest, 'PGRST102', 'Empty or invalid json');

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
  ['08', HTTP.unavailable], // connection exception
  ['09', HTTP.internalError], // triggered action exception
  ['0L', HTTP.forbidden], // invalid grantor
  ['0P', HTTP.forbidden], // invalid role specification
  ['23503', HTTP.conflict], // foreign key violation
  ['23505', HTTP.conflict], // uniqueness violation
  ['25006', HTTP.methodNotAllowed], // read-only SQL transaction
  ['25', HTTP.internalError], // invalid transaction state
  ['28', HTTP.forbidden], // invalid authorization specification
  ['2D', HTTP.internalError], // invalid transaction termination
  ['38', HTTP.internalError], // external routine exception
  ['39', HTTP.internalError], // external routine invocation exception
  ['3B', HTTP.internalError], // savepoint exception
  ['40', HTTP.internalError], // transaction rollback
  ['53400', HTTP.internalError], // configuration limit exceeded
  ['53', HTTP.unavailable], // insufficient resources
  ['54', HTTP.internalError], // program limit exceeded
  ['55', HTTP.internalError], // object not in prerequisite state
  ['57', HTTP.internalError], // operator intervention
  ['58', HTTP.internalError], // system error
  ['F0', HTTP.internalError], // configuration file error
  ['HV', HTTP.internalError], // foreign data wrapper error
  ['P0001', HTTP.badRequest], // raise_exception: a function's own error
  ['P0', HTTP.internalError], // PL/pgSQL error
  ['XX', HTTP.internalError], // internal error
  ['42883', HTTP.notFound], // undefined function
  ['42P01', HTTP.notFound], // undefined table
  ['42P17', HTTP.internalError], // infinite recursion (in a policy)
];

/** PostgREST's mapping from SQLSTATE to HTTP status. */
export function statusForPgError(code: string, role: ApiRole): number {
  // Not signed in: authenticate (401); signed in: forbidden (403).
  if (code === '42501') return role === 'anon' ? HTTP.unauthorized : HTTP.forbidden;
  const row = PG_STATUS_TABLE.find(([codeOrPrefix]) => code.startsWith(codeOrPrefix));
  return row ? row[1] : HTTP.badRequest;
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
  const headers: Record<string, string> =
    status === HTTP.unauthorized ? { 'WWW-Authenticate': 'Bearer' } : {};
  return new RestError(status, error, headers);
}

/** Runs a database call; its errors come out as PostgREST errors, anything else as it was. */
export async function withPgErrors<T>(role: ApiRole, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    const pgError = asPgError(error);
    if (pgError) throw fromPgError(pgError, role);
    throw error;
  }
}

/** The response for a RestError: PostgREST's JSON body (none for HEAD), CORS headers as well. */
export function restErrorResponse(error: RestError, method: string): Response {
  return new Response(method === 'HEAD' ? null : JSON.stringify(error.body), {
    status: error.status,
    headers: { ...CORS_HEADERS, 'Content-Type': JSON_TYPE, ...error.headers },
  });
}
