// POST /rest/v1/rpc/<function>, as PostgREST answers it, through createApp().request() on PGlite
// and, when TEST_DATABASE_URL is set, on PostgreSQL. The functions are the test's own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db/types.ts';
import { ANON, clientHeaders, SERVICE, testApp } from '../../test-support/app.ts';
import {
  POSTGRES_SKIP_REASON,
  TEST_DATABASE_URL,
  testDatabases,
} from '../../test-support/databases.ts';

const FUNCTIONS = `
create or replace function public.rpc_test_greet(greeting text, name text default 'world')
  returns text language sql as $$ select greeting || ', ' || name $$;
create or replace function public.rpc_test_sum(a int, b int) returns int
  language sql as $$ select a + b $$;
create or replace function public.rpc_test_rows() returns table(n int, label text)
  language sql as $$ select g, 'row ' || g from generate_series(1, 3) g $$;
create or replace function public.rpc_test_redirect(email text) returns void
  language plpgsql as $$
begin
  perform set_config('response.status', '303', true);
  perform set_config('response.headers', json_build_array(json_build_object('Location',
    coalesce(current_setting('request.headers', true)::json->>'origin', '') || '/done/'))::text, true);
end $$;
create or replace function public.rpc_test_bad_status() returns void language plpgsql as $$
begin perform set_config('response.status', 'soon', true); end $$;
create or replace function public.rpc_test_flag(flag boolean) returns boolean
  language sql as $$ select flag $$;
create or replace function public.rpc_test_raise() returns void language plpgsql as $$
begin raise exception 'refused on purpose'; end $$;
revoke all on function public.rpc_test_rows() from public;
grant execute on function public.rpc_test_rows() to service_role;
`;

if (!TEST_DATABASE_URL) describe.skip(POSTGRES_SKIP_REASON, () => it('rpc on PostgreSQL'));

describe.each(testDatabases())('POST /rest/v1/rpc on $name', (database) => {
  let db: Db;
  let app: ReturnType<typeof testApp>;

  beforeAll(async () => {
    db = await database.open();
    await db.exec(FUNCTIONS);
    app = testApp(db);
  });
  afterAll(() => database.dispose(db));

  const call = (name: string, body: string, key = ANON, headers: Record<string, string> = {}) =>
    app.request(`http://localhost/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: clientHeaders(key, headers),
      body,
    });

  it('calls a function with named arguments and answers its JSON value', async () => {
    const res = await call('rpc_test_greet', JSON.stringify({ greeting: 'Hello', name: 'Ada' }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.json()).toBe('Hello, Ada');
    const sum = await call('rpc_test_sum', JSON.stringify({ a: 2, b: 40 }));
    expect(await sum.json()).toBe(42);
  });

  it('uses argument defaults, and answers 404 PGRST202 for unknown functions or arguments', async () => {
    expect(await (await call('rpc_test_greet', '{"greeting":"Hi"}')).json()).toBe('Hi, world');
    for (const [name, body] of [
      ['rpc_test_nothing', '{}'],
      ['rpc_test_greet', '{"greeting":"Hi","colour":"red"}'],
      ['rpc_test_greet', '{}'],
      ['bad-name;drop', '{}'],
    ]) {
      const res = await call(name, body);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'PGRST202' });
    }
  });

  it('answers a set-returning function as an array, and reaches only what the role may execute', async () => {
    // Not granted to anon: not even its existence is told (as for a function that is not there).
    const refused = await call('rpc_test_rows', '');
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ code: 'PGRST202' });
    const res = await call('rpc_test_rows', '', SERVICE);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      { n: 1, label: 'row 1' },
      { n: 2, label: 'row 2' },
      { n: 3, label: 'row 3' },
    ]);
  });

  it('never reaches a function an extension owns, even one anyone may execute', async () => {
    // An extension's functions are part of it, not of the API (plpgsql's handler is one, in
    // pg_catalog; this marks one of the test's own in public as owned by plpgsql).
    await db.exec(`create or replace function public.rpc_test_ext() returns int language sql as $$ select 7 $$;
      grant execute on function public.rpc_test_ext() to anon;`);
    expect((await call('rpc_test_ext', '')).status).toBe(200);
    await db.exec(`insert into pg_depend (classid, objid, objsubid, refclassid, refobjid, refobjsubid, deptype)
      select 'pg_proc'::regclass, 'public.rpc_test_ext()'::regprocedure, 0, 'pg_extension'::regclass, e.oid, 0, 'e'
      from pg_extension e where e.extname = 'plpgsql'`);
    const fresh = testApp(db); // a new schema cache
    const res = await fresh.request('http://localhost/rest/v1/rpc/rpc_test_ext', {
      method: 'POST',
      headers: clientHeaders(ANON),
      body: '',
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'PGRST202' });
    await db.exec(`delete from pg_depend where objid = 'public.rpc_test_ext()'::regprocedure and deptype = 'e';
      drop function public.rpc_test_ext()`);
  });

  it('takes an HTML form body and honours response.status and response.headers', async () => {
    const res = await call('rpc_test_redirect', 'email=ada%40example.org', ANON, {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: 'https://site.example',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('https://site.example/done/');
    expect(await res.text()).toBe('');
  });

  it('maps errors as PostgREST does: a raise is 400, a bad response.status 500', async () => {
    const raised = await call('rpc_test_raise', '{}');
    expect(raised.status).toBe(400);
    expect(await raised.json()).toMatchObject({ code: 'P0001', message: 'refused on purpose' });
    const bad = await call('rpc_test_bad_status', '{}');
    expect(bad.status).toBe(500);
    expect(await bad.json()).toMatchObject({ code: 'PGRST112' });
    // An argument its type does not take is PostgreSQL's 22P02, a 400, on either database.
    for (const flag of ['"maybe"', '""', '2']) {
      const res = await call('rpc_test_flag', `{"flag":${flag}}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: '22P02' });
    }
    expect(await (await call('rpc_test_flag', '{"flag":"yes"}')).json()).toBe(true);
    expect(await (await call('rpc_test_flag', '{"flag":false}')).json()).toBe(false);
    const invalid = await call('rpc_test_greet', '{"greeting":');
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ code: 'PGRST102' });
    const get = await app.request('http://localhost/rest/v1/rpc/rpc_test_greet?greeting=Hi', {
      headers: clientHeaders(ANON),
    });
    expect(get.status).toBe(405);
  });

  it('does not count calls that sign nobody up against SIGNUP_RATE_LIMIT', async () => {
    // The sign-up budget is the database's, spent by an insert into the list; other calls are
    // held by REQUEST_RATE_LIMIT alone.
    const limited = testApp(db, { signupRateLimit: 1 });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await limited.request('http://localhost/rest/v1/rpc/rpc_test_sum', {
        method: 'POST',
        headers: clientHeaders(ANON, { 'X-Forwarded-For': '203.0.113.9' }),
        body: '{"a":1,"b":1}',
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200]);
  });
});
