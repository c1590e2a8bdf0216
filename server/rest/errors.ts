// PostgREST's error shapes and status codes, so supabase-js reads our errors exactly as it
// reads Supabase's. https://docs.postgrest.org/en/stable/references/errors.html
import { asPgError, type ApiRole, type PgError } from '../db/types.ts';

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

export interface RestErrorBody {
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

/** PostgREST's mapping from SQLSTATE to HTTP status. */
export function statusForPgError(code: string, role: ApiRole): number {
  if (code === '42501') return role === 'anon' ? HTTP.unauthorized : HTTP.forbidden;
  if (code === '23503' || code === '23505') return HTTP.conflict;
  if (code === '42P01' || code === '42883') return HTTP.notFound;
  if (code === '25006') return HTTP.methodNotAllowed;
  if (code.startsWith('08') || code.startsWith('53') || code.startsWith('57'))
    return HTTP.unavailable;
  if (code.startsWith('54')) return HTTP.payloadTooLarge;
  if (/^(09|25|2D|38|39|3B|40|55|58|F0|HV|P0|XX)/.test(code) || code === '42P17') {
    return code === 'P0001' ? HTTP.badRequest : HTTP.internalError;
  }
  return HTTP.badRequest;
}

export function fromPgError(error: PgError, role: ApiRole): RestError {
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
