import { describe, expect, it } from 'vitest';
import { fromPgError, restErrorResponse, pgrst, statusForPgError } from './errors.ts';

// PostgREST's error reference (docs.postgrest.org/en/stable/references/errors.html), written out
// code by code rather than read from PG_STATUS_TABLE, so a wrong row there fails here.
const POSTGREST: Array<[code: string, status: number, what: string]> = [
  ['08000', 503, 'connection exception'],
  ['08P01', 503, 'protocol violation'],
  ['09000', 500, 'triggered action exception'],
  ['0L000', 403, 'invalid grantor'],
  ['0LP01', 403, 'invalid grant operation'],
  ['0P000', 403, 'invalid role specification'],
  ['23503', 409, 'foreign key violation'],
  ['23505', 409, 'uniqueness violation'],
  ['23502', 400, 'not-null violation (other)'],
  ['23514', 400, 'check violation (other)'],
  ['25006', 405, 'read-only SQL transaction'],
  ['25P02', 500, 'in failed transaction'],
  ['28000', 403, 'invalid authorization specification'],
  ['28P01', 403, 'invalid password'],
  ['2D000', 500, 'invalid transaction termination'],
  ['38000', 500, 'external routine exception'],
  ['39000', 500, 'external routine invocation exception'],
  ['3B000', 500, 'savepoint exception'],
  ['40001', 500, 'serialization failure'],
  ['40P01', 500, 'deadlock'],
  ['53000', 503, 'insufficient resources'],
  ['53300', 503, 'too many connections'],
  ['53400', 500, 'configuration limit exceeded'],
  ['54000', 500, 'program limit exceeded'],
  ['54001', 500, 'statement too complex'],
  ['55P03', 500, 'lock not available'],
  ['57014', 500, 'query canceled'],
  ['57P01', 500, 'admin shutdown'],
  ['58030', 500, 'I/O error'],
  ['F0000', 500, 'config file error'],
  ['HV000', 500, 'foreign data wrapper error'],
  ['P0001', 400, 'raise exception'],
  ['P0002', 500, 'no data found'],
  ['XX000', 500, 'internal error'],
  ['42883', 404, 'undefined function'],
  ['42P01', 404, 'undefined table'],
  ['42P17', 500, 'infinite recursion'],
  ['22001', 400, 'string too long (other)'],
  ['22P02', 400, 'invalid text representation (other)'],
  ['42703', 400, 'undefined column (other)'],
  ['0A000', 400, 'feature not supported (other)'],
];

describe("PostgREST's SQLSTATE to HTTP status table", () => {
  it.each(POSTGREST)('%s (%s) is %i', (code, status) => {
    expect(statusForPgError(code, 'anon')).toBe(status);
    expect(statusForPgError(code, 'service_role')).toBe(status);
  });

  it('answers 42501 with 401 to anon and 403 to a signed-in role', () => {
    expect(statusForPgError('42501', 'anon')).toBe(401);
    expect(statusForPgError('42501', 'service_role')).toBe(403);
  });
});

describe('RestError responses', () => {
  it('asks an anonymous caller to authenticate', () => {
    const error = fromPgError(
      { code: '42501', message: 'denied', details: null, hint: null },
      'anon',
    );
    expect(error.status).toBe(401);
    expect(error.headers).toEqual({ 'WWW-Authenticate': 'Bearer' });
  });

  it('has the four-field body and CORS headers', async () => {
    const error = pgrst(404, 'PGRST205', 'missing');
    const res = restErrorResponse(error);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.json()).toEqual({
      code: 'PGRST205',
      message: 'missing',
      details: null,
      hint: null,
    });
  });
});
