// The REST contract supabase-js relies on (PostgREST's, as hosted Supabase answers), row by row, through createApp().request() on PGlite and,
// when TEST_DATABASE_URL is set, on PostgreSQL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db/types.ts';
import {
  POSTGRES_SKIP_REASON,
  TEST_DATABASE_URL,
  testDatabases,
} from '../../test-support/databases.ts';
import {
  ANON,
  clientHeaders,
  ENDPOINT,
  SERVICE,
  storedEmails,
  testApp,
} from '../../test-support/app.ts';
import {
  isAcceptableFirstName,
  isAcceptableSignup,
  isRelayableEmail,
  toSignupInsert,
} from '../../common/normalise-signup.ts';
import {
  ACCEPTED_EMAILS,
  LONGEST_EMAIL,
  ACCEPTED_FIRST_NAMES,
  REFUSED_EMAILS,
  REFUSED_FIRST_NAMES,
} from '../../test-support/unrelayable.ts';

if (!TEST_DATABASE_URL)
  describe.skip(POSTGRES_SKIP_REASON, () => it('REST contract on PostgreSQL'));

describe.each(testDatabases())('REST contract on $name', (database) => {
  let db: Db;
  let app: ReturnType<typeof testApp>;

  beforeAll(async () => {
    db = await database.open();
    app = testApp(db);
  });
  afterAll(() => database.dispose(db));
  beforeEach(() => database.reset(db));

  const post = (body: string, headers: Record<string, string> = {}, query = '') =>
    app.request(ENDPOINT + query, { method: 'POST', headers: clientHeaders(ANON, headers), body });

  async function expectError(res: Response, status: number, code: string) {
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const body = await res.json();
    expect(body).toMatchObject({ code });
    expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
    return body as { code: string; message: string; details: string | null; hint: string | null };
  }

  it('inserts an object: 201, empty body, Content-Range */*', async () => {
    const res = await post(JSON.stringify({ email: 'ada@example.org', first_name: 'Ada' }));
    expect(res.status).toBe(201);
    expect(await res.text()).toBe('');
    expect(res.headers.get('content-range')).toBe('*/*');
    // A browser may read the answer and its Content-Range (cors() on the REST routes).
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-expose-headers')).toContain('Content-Range');
    const { rows } = await db.query<{ email: string; first_name: string }>(
      'select email, first_name from public.tedxcommunity_emails',
    );
    expect(rows).toEqual([{ email: 'ada@example.org', first_name: 'Ada' }]);
  });

  it('inserts an array with ?columns= as supabase-js sends it, in one transaction', async () => {
    const rows = [
      { email: 'a@example.org', first_name: 'A' },
      { email: 'b@example.org', first_name: null },
    ];
    const columns = '?columns=%22email%22,%22first_name%22';
    // The service role may insert many rows at once; anon one per request (migration 20261123110000).
    const res = await app.request(ENDPOINT + columns, {
      method: 'POST',
      headers: clientHeaders(SERVICE),
      body: JSON.stringify(rows),
    });
    expect(res.status).toBe(201);
    expect(await storedEmails(db)).toEqual(['a@example.org', 'b@example.org']);
    expect((await post(JSON.stringify([{ email: 'c@example.org' }]), {}, columns)).status).toBe(
      201,
    );

    // One bad row undoes the whole array.
    const mixed = [{ email: 'd@example.org' }, { email: 'not-an-email' }];
    const refused = await app.request(ENDPOINT + columns, {
      method: 'POST',
      headers: clientHeaders(SERVICE),
      body: JSON.stringify(mixed),
    });
    await expectError(refused, 400, '23514');
    expect(await storedEmails(db)).toEqual(['a@example.org', 'b@example.org', 'c@example.org']);
  });

  it('normalises as the page does: trimmed, lower-cased, empty first name null', async () => {
    expect(
      (await post(JSON.stringify({ email: '  Ada@Example.ORG ', first_name: '  ' }))).status,
    ).toBe(201);
    const { rows } = await db.query('select email, first_name from public.tedxcommunity_emails');
    expect(rows).toEqual([{ email: 'ada@example.org', first_name: null }]);
  });

  it('answers 409 23505 to a duplicate email in any case', async () => {
    expect(
      (await post(JSON.stringify({ email: 'dup@example.org', first_name: null }))).status,
    ).toBe(201);
    await expectError(
      await post(JSON.stringify({ email: 'dup@example.org', first_name: null })),
      409,
      '23505',
    );
    await expectError(await post(JSON.stringify({ email: 'DUP@Example.org' })), 409, '23505');
    expect(await storedEmails(db)).toEqual(['dup@example.org']);
  });

  it('answers 400 23514 / 23502 / 22001 for check, not-null and too long', async () => {
    await expectError(await post(JSON.stringify({ email: 'no-at-sign' })), 400, '23514');
    await expectError(await post(JSON.stringify({ email: 'two@@example.org' })), 400, '23514');
    await expectError(await post(JSON.stringify({ email: '@example.org' })), 400, '23514');
    await expectError(await post(JSON.stringify({ email: null, first_name: 'A' })), 400, '23502');
    await expectError(await post(JSON.stringify({ first_name: 'A' })), 400, '23502');
    await expectError(await post(JSON.stringify({})), 400, '23502');
    const long = 'a'.repeat(250) + '@example.org';
    await expectError(await post(JSON.stringify({ email: long })), 400, '22001');
    await expectError(
      await post(JSON.stringify({ email: 'x@example.org', first_name: 'n'.repeat(101) })),
      400,
      '22001',
    );
    expect(await storedEmails(db)).toEqual([]);
  });

  it('accepts the limits exactly: a 64-octet local part, 254 in all, a 100-character first name', async () => {
    const body = JSON.stringify({ email: LONGEST_EMAIL, first_name: 'n'.repeat(100) });
    expect((await post(body)).status).toBe(201);
    expect(await storedEmails(db)).toEqual([LONGEST_EMAIL]);
    expect(isRelayableEmail(LONGEST_EMAIL)).toBe(true);
  });

  it.each(REFUSED_EMAILS)(
    'refuses an address with %s: 400 23514, nothing stored',
    async (_, email) => {
      await expectError(await post(JSON.stringify({ email })), 400, '23514');
      expect(await storedEmails(db)).toEqual([]);
      // The form's rule agrees: it sends nothing, except a Unicode domain, which it sends in
      // A-labels (common/normalise-signup.ts, withAsciiDomain).
      expect(isRelayableEmail(email)).toBe(false);
      const row = toSignupInsert(email, null);
      if (row?.email === 'a@xn--bcher-kva.example') expect(email).toBe('a@b\u00fccher.example');
      else expect(row && isAcceptableSignup(row)).toBe(false);
    },
  );

  it.each(ACCEPTED_EMAILS)('takes %j, stored as %j, as the form sends it', async (typed, email) => {
    expect((await post(JSON.stringify({ email: typed }))).status).toBe(201);
    expect(await storedEmails(db)).toEqual([email]);
    expect(toSignupInsert(typed, null)?.email).toBe(email);
    expect(isRelayableEmail(email)).toBe(true);
  });

  it.each(REFUSED_FIRST_NAMES)('refuses a first name with %s: 400 23514', async (_, name) => {
    const body = JSON.stringify({ email: 'ann@example.org', first_name: name });
    await expectError(await post(body), 400, '23514');
    expect(await storedEmails(db)).toEqual([]);
    expect(isAcceptableFirstName(name)).toBe(false);
  });

  it.each(ACCEPTED_FIRST_NAMES)('takes a first name with %s', async (_, name) => {
    const body = JSON.stringify({ email: 'ann@example.org', first_name: name });
    expect((await post(body)).status).toBe(201);
    expect(await storedEmails(db)).toEqual(['ann@example.org']);
    expect(isAcceptableFirstName(name)).toBe(true);
  });

  it('refuses Prefer: return=representation to anon with 401 42501 and stores nothing', async () => {
    const res = await post(JSON.stringify({ email: 'peek@example.org' }), {
      Prefer: 'return=representation',
    });
    const body = await expectError(res, 401, '42501');
    expect(body.message).toMatch(/permission denied/);
    expect(await storedEmails(db)).toEqual([]);
  });

  it.each(['GET', 'HEAD', 'PATCH', 'DELETE'])(
    'refuses %s to anon with 401 42501, never a row',
    async (method) => {
      await post(JSON.stringify({ email: 'secret@example.org' }));
      const res = await app.request(ENDPOINT + '?select=*', {
        method,
        headers: clientHeaders(ANON),
        body: method === 'PATCH' ? JSON.stringify({ email: 'x@example.org' }) : undefined,
      });
      expect(res.status).toBe(401);
      if (method !== 'HEAD') {
        const text = await res.text();
        expect(text).not.toContain('secret');
        expect(JSON.parse(text)).toMatchObject({ code: '42501' });
      }
      expect(await storedEmails(db)).toEqual(['secret@example.org']);
    },
  );

  it('answers PGRST204 for an unknown column and PGRST205 for an unknown table', async () => {
    const col = await expectError(
      await post(JSON.stringify({ email: 'a@example.org', admin: true })),
      400,
      'PGRST204',
    );
    expect(col.message).toBe(
      "Could not find the 'admin' column of 'tedxcommunity_emails' in the schema cache",
    );
    await expectError(
      await post('[{"email":"a@example.org"}]', {}, '?columns=%22email%22,%22x%22'),
      400,
      'PGRST204',
    );
    const res = await app.request('http://localhost/rest/v1/users', {
      method: 'POST',
      headers: clientHeaders(),
      body: '{}',
    });
    const table = await expectError(res, 404, 'PGRST205');
    expect(table.message).toBe("Could not find the table 'public.users' in the schema cache");
    // With a trailing slash, PostgREST finds no table either (a sign-up there stored no source).
    for (const path of ['tedxcommunity_emails/', 'rpc/signup_form/']) {
      const slashed = await app.request(`http://localhost/rest/v1/${path}`, {
        method: 'POST',
        headers: clientHeaders(),
        body: JSON.stringify({ email: 'a@example.org' }),
      });
      expect(slashed.status).toBe(404);
    }
    expect(await storedEmails(db)).toEqual([]);
  });

  it.each([
    '',
    ' ',
    '{',
    '{"email":',
    'null',
    '"a@b.co"',
    '42',
    '[1]',
    '[null]',
    '[[]]',
    'undefined',
    "{'email':'a@b.co'}",
  ])('answers 400 PGRST102 to empty or invalid JSON %j', async (body) => {
    const res = await post(body);
    const error = await expectError(res, 400, 'PGRST102');
    expect(error.message).toBe('Empty or invalid json');
  });

  it('answers 413 to a body over the limit, declared or chunked', async () => {
    const big = JSON.stringify({ email: 'a@example.org', first_name: 'x'.repeat(20_000) });
    const declared = await post(big, { 'Content-Length': String(big.length) });
    await expectError(declared, 413, 'PGRST413');
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode(' '.repeat(1000)));
        controller.close();
      },
    });
    const chunked = await app.request(ENDPOINT, {
      method: 'POST',
      headers: clientHeaders(),
      body: stream,
      // @ts-expect-error Node's fetch needs this for a stream body
      duplex: 'half',
    });
    await expectError(chunked, 413, 'PGRST413');
    expect(await storedEmails(db)).toEqual([]);
  });

  it('answers 401 with the Supabase messages and hints for a missing or wrong apikey', async () => {
    const body = JSON.stringify({ email: 'a@example.org' });
    const missing = await app.request(ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    expect(missing.status).toBe(401);
    expect(missing.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await missing.json()).toEqual({
      message: 'No API key found in request',
      hint: 'No `apikey` request header or url param was found.',
    });
    const wrong = await app.request(ENDPOINT, {
      method: 'POST',
      headers: clientHeaders('not-the-key'),
      body,
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({
      message: 'Invalid API key',
      hint: 'Double check your Supabase `anon` or `service_role` API key.',
    });
    expect(await storedEmails(db)).toEqual([]);
  });

  it('answers 429 with Retry-After past SIGNUP_RATE_LIMIT, per address', async () => {
    const limited = testApp(db, { signupRateLimit: 3 });
    const send = (i: number, ip: string) =>
      limited.request(ENDPOINT, {
        method: 'POST',
        headers: clientHeaders(ANON, { 'X-Forwarded-For': ip }),
        body: JSON.stringify({ email: `r${i}.${ip}@example.org` }),
      });
    for (let i = 0; i < 3; i++) expect((await send(i, '10.0.0.1')).status).toBe(201);
    const res = await send(3, '10.0.0.1');
    const error = await expectError(res, 429, 'over_request_rate_limit');
    expect(error.message).toMatch(/try again/);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect((await send(4, '10.0.0.2')).status).toBe(201);
    expect(await storedEmails(db)).toHaveLength(4);
  });

  it('answers a CORS preflight with 204 and no key', async () => {
    const res = await app.request(ENDPOINT, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://example.org',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers':
          'apikey, authorization, content-type, content-profile, x-client-info',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-allow-headers')).toContain('apikey');
  });

  it('refuses reads and changes with the service-role key: 405 PGRST117, never a row', async () => {
    await post(JSON.stringify({ email: 'secret@example.org' }));
    for (const method of ['GET', 'HEAD', 'PATCH', 'DELETE']) {
      const res = await app.request(`${ENDPOINT}?select=*`, {
        method,
        headers: clientHeaders(SERVICE),
        body: method === 'PATCH' ? JSON.stringify({ email: 'x@example.org' }) : undefined,
      });
      expect(res.status).toBe(405);
      if (method === 'HEAD') {
        expect(await res.text()).toBe('');
        continue;
      }
      const body = await expectError(res, 405, 'PGRST117');
      expect(body.message).toBe(`Unsupported HTTP method: ${method}`);
      expect(body.hint).toContain('/rest/v1/rpc/');
    }
    expect(await storedEmails(db)).toEqual(['secret@example.org']);
  });

  it('answers the service role’s Prefer: return=representation with the rows it stored', async () => {
    const rep = await post(JSON.stringify({ email: 'rep@example.org' }), {
      apikey: SERVICE,
      Authorization: `Bearer ${SERVICE}`,
      Prefer: 'return=representation',
    });
    expect(rep.status).toBe(201);
    expect(await rep.json()).toMatchObject([{ email: 'rep@example.org', first_name: null }]);
  });

  it('puts security headers on every answer, errors included', async () => {
    for (const res of [
      await post('{'),
      await post(JSON.stringify({ email: 'h@example.org' })),
      await app.request('http://localhost/healthz'),
    ]) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('permissions-policy')).toContain('camera=()');
      expect(res.headers.get('x-powered-by')).toBeNull();
    }
  });

  it('answers /healthz 200 while the database answers', async () => {
    const res = await app.request('http://localhost/healthz');
    expect(res.status).toBe(200);
  });
});
