// The sign-up budget the migration installs (20261127110000): per client and per network above
// it, keyed by the address a client cannot write, refused in PostgREST's own shape. Called as
// PostgREST calls it on hosted Supabase (role anon, request.headers, request.method,
// request.path), and through the project's own server, which passes the address it resolved.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ANON,
  clientHeaders,
  ENDPOINT,
  peer,
  SERVICE,
  storedEmails,
  testApp,
} from '../test-support/app.ts';
import { testDatabases } from '../test-support/databases.ts';
import type { ApiRole, Db } from '../platform/db/types.ts';
import { asPgError } from '../platform/db/types.ts';
import { DEFAULT_SIGNUP_RATE_LIMIT } from '../platform/settings.ts';

/** The migration's default, used where nothing sets app.signup_rate_limit (hosted Supabase). */
const HOSTED_DEFAULT = 120;
/** The floods through the own server: 60 /64s of one /48, at a limit small enough that the flood
 * costs a few seconds (the budget's arithmetic is the same at the default: decision 0025). */
const FLOOD_LIMIT = 10;
const FLOOD_ASKS = 120;

describe.each(testDatabases())('the sign-up budget on $name', (database) => {
  let db: Db;
  beforeAll(async () => {
    db = await database.open();
  });
  afterAll(() => database.dispose(db));
  beforeEach(() => database.reset(db));

  let n = 0;
  /** One insert as PostgREST runs it: the request's settings, then the statement. The answer's
   * time floor is off here (its own tests are in membership-oracle.test.ts). */
  async function insertAs(
    role: ApiRole,
    headers: Record<string, string>,
    limit?: number,
    email = `budget${n++}@example.org`,
  ) {
    try {
      await db.transactionAs(role, async (tx) => {
        await tx.query(
          `select set_config('request.headers', $1, true), set_config('request.method', 'POST', true),
                  set_config('request.path', '/tedxcommunity_emails', true),
                  set_config('app.answer_floor_ms', '0', true)`,
          [JSON.stringify(headers)],
        );
        if (limit !== undefined)
          await tx.query(`select set_config('app.signup_rate_limit', $1, true)`, [String(limit)]);
        await tx.query('insert into public.tedxcommunity_emails (email) values ($1)', [email]);
      });
      return { ok: true as const };
    } catch (error) {
      const pg = asPgError(error);
      if (!pg) throw error;
      return { ok: false as const, ...pg };
    }
  }
  const accepted = (results: { ok: boolean }[]) => results.filter((r) => r.ok).length;

  it(`holds ${HOSTED_DEFAULT} a minute by default, and refuses the next as PostgREST would answer 429`, async () => {
    expect(DEFAULT_SIGNUP_RATE_LIMIT).toBe(HOSTED_DEFAULT);
    const headers = { 'cf-connecting-ip': '198.51.100.9' };
    const results = [];
    for (let i = 0; i <= HOSTED_DEFAULT; i++) results.push(await insertAs('anon', headers));
    expect(accepted(results)).toBe(HOSTED_DEFAULT);
    const refused = results[HOSTED_DEFAULT];
    expect(refused).toMatchObject({ ok: false, code: 'PGRST' });
    if (refused.ok) return;
    expect(JSON.parse(refused.message)).toEqual({
      code: 'over_request_rate_limit',
      message: expect.stringMatching(
        /^Too many sign-ups from this address: try again in \d+ seconds$/,
      ),
      details: null,
      hint: null,
    });
    const detail = JSON.parse(refused.details ?? '') as {
      status: number;
      headers: Record<string, string>;
    };
    expect(detail.status).toBe(429);
    expect(Number(detail.headers['Retry-After'])).toBeGreaterThanOrEqual(1);
    expect(Number(detail.headers['Retry-After'])).toBeLessThanOrEqual(60);
  });

  it('keys on cf-connecting-ip, else the last X-Forwarded-For entry: never a forged first entry', async () => {
    const rotating = (i: number) => ({
      'cf-connecting-ip': '198.51.100.10',
      'x-forwarded-for': `10.${i}.0.1, 198.51.100.77`,
    });
    const one = [];
    for (let i = 0; i < 4; i++) one.push(await insertAs('anon', rotating(i), 2));
    expect(one.map((r) => r.ok)).toEqual([true, true, false, false]);
    // Without Cloudflare's header, the entry the nearest proxy appended.
    const appended = [];
    for (let i = 0; i < 4; i++)
      appended.push(await insertAs('anon', { 'x-forwarded-for': `10.${i}.0.1, 203.0.113.5` }, 2));
    expect(appended.map((r) => r.ok)).toEqual([true, true, false, false]);
    // No readable address at all: one shared budget, not one each.
    const unreadable = [];
    for (const value of ['not-an-address', '', '999.1.1.1'])
      unreadable.push(await insertAs('anon', { 'cf-connecting-ip': value }, 2));
    expect(unreadable.map((r) => r.ok)).toEqual([true, true, false]);
  });

  it('holds a network as a few clients: 60 /64s of one /48 get 4 clients of budget', async () => {
    const results = [];
    for (let i = 0; i < 60; i++) {
      const client = `2001:db8:1:${i.toString(16)}00::1`; // each in a /56 of its own
      for (let k = 0; k < 3; k++)
        results.push(await insertAs('anon', { 'cf-connecting-ip': client }, 2));
    }
    expect(accepted(results)).toBe(4 * 2);
    // Another /48, and an IPv4 client, are untouched.
    expect((await insertAs('anon', { 'cf-connecting-ip': '2001:db8:2::1' }, 2)).ok).toBe(true);
    expect((await insertAs('anon', { 'cf-connecting-ip': '192.0.2.1' }, 2)).ok).toBe(true);
    // An IPv4 /24 holds four addresses' worth.
    const hall = [];
    for (let i = 1; i <= 20; i++)
      hall.push(await insertAs('anon', { 'cf-connecting-ip': `192.0.2.${i}` }, 2));
    expect(accepted(hall)).toBe(4 * 2 - 1);
  });

  it('counts accepted sign-ups, and never the service role', async () => {
    const headers = { 'cf-connecting-ip': '198.51.100.11' };
    expect((await insertAs('anon', headers, 2, 'once@example.org')).ok).toBe(true);
    expect((await insertAs('anon', headers, 2)).ok).toBe(true);
    expect((await insertAs('anon', headers, 2)).ok).toBe(false);
    for (let i = 0; i < 5; i++) expect((await insertAs('service_role', headers, 1)).ok).toBe(true);
    // 0 turns it off.
    for (let i = 0; i < 5; i++) expect((await insertAs('anon', headers, 0)).ok).toBe(true);
  });

  describe('the answer "already on the list" (migrations 20261127120000, 20261127183000)', () => {
    // The secret that picks each key's counters, fixed here so a test knows which keys share one.
    beforeEach(() => db.exec("update tedxcommunity_budget.secret set key = 'test'"));
    /** The counters of the network of `bits` around an address. */
    const counters = async (address: string, bits: number) =>
      (
        await db.query<{ counter: number }>(
          `select tedxcommunity_budget.counters(network(set_masklen($1::inet, $2))) as counter
           order by 1`,
          [address, bits],
        )
      ).rows.map((r) => r.counter);
    const known = 'known@example.org';
    const ask = (headers: Record<string, string>, limit?: number) =>
      insertAs('anon', headers, limit, known);
    const codes = (results: { ok: boolean; code?: string }[]) =>
      results.map((r) => (r.ok ? 'ok' : r.code));

    it('counts each answer where the refused insert cannot take it back; once spent, an ask goes as a sign-up', async () => {
      await insertAs('service_role', {}, undefined, known);
      const headers = { 'cf-connecting-ip': '198.51.100.13' };
      const results = [];
      // The address as the normaliser leaves it (its trigger fires first): any case, any spaces.
      for (const email of [known, ' Known@EXAMPLE.org\t', known])
        results.push(await insertAs('anon', headers, 2, email));
      // The third is answered as a new address is (accepted), spends a sign-up, and stores nothing.
      expect(codes(results)).toEqual(['23505', '23505', 'ok']);
      expect(await storedEmails(db)).toEqual([known]);
      expect((await insertAs('anon', headers, 2)).ok).toBe(true);
      // Both budgets spent: an ask and a new address get the sign-up budget's 429 alike.
      const over = [
        await ask(headers, 2),
        await insertAs('anon', headers, 2),
        await ask(headers, 2),
      ];
      expect(codes(over)).toEqual(['PGRST', 'PGRST', 'PGRST']);
      const waits = over.map((r) => {
        if (r.ok) return 0;
        expect(JSON.parse(r.message)).toMatchObject({ code: 'over_request_rate_limit' });
        const detail = JSON.parse(r.details ?? '') as {
          status: number;
          headers: Record<string, string>;
        };
        expect(detail.status).toBe(429);
        return Number(detail.headers['Retry-After']);
      });
      // One wait, counted down: never longer for the address on the list than for the new one.
      expect(waits[0]).toBeGreaterThanOrEqual(waits[1]);
      expect(waits[1]).toBeGreaterThanOrEqual(waits[2]);
      // The service role and 0 are not limited.
      expect(await insertAs('service_role', headers, 1, known)).toMatchObject({ code: '23505' });
      expect(await ask(headers, 0)).toMatchObject({ code: '23505' });
      // A minute later the client may ask again (the counters' and the budget's minutes, moved back).
      await db.exec(`select setval(format('%I.%I', schemaname, sequencename), last_value - (60::bigint << 20))
        from pg_sequences where schemaname = 'tedxcommunity_budget' and last_value is not null;
        update public.tedxcommunity_signup_budget set ends_at = now() - interval '1 second'`);
      expect(await ask(headers, 2)).toMatchObject({ code: '23505' });
    });

    it('holds a network as a few clients: 60 /64s of one /48 get 4 clients of answers', async () => {
      await insertAs('service_role', {}, undefined, known);
      const clients = Array.from({ length: 60 }, (_, i) => `2001:db8:1:${i.toString(16)}00::1`);
      // No other key shares a counter with the /48, so its count is its own.
      const others = new Set<number>();
      for (const client of clients)
        for (const bits of [64, 56]) for (const c of await counters(client, bits)) others.add(c);
      expect((await counters('2001:db8:1::', 48)).filter((c) => others.has(c))).toEqual([]);
      const results = [];
      for (const client of clients)
        for (let k = 0; k < 3; k++) results.push(await ask({ 'cf-connecting-ip': client }, 2));
      // Then the asks go as sign-ups, spending the /48's sign-ups (4 x 2), storing nothing.
      expect(codes(results).filter((c) => c === '23505')).toHaveLength(4 * 2);
      expect(codes(results).filter((c) => c === 'ok')).toHaveLength(4 * 2);
      expect(codes(results).filter((c) => c === 'PGRST')).toHaveLength(60 * 3 - 2 * 4 * 2);
      expect(await storedEmails(db)).toEqual([known]);
      expect(await ask({ 'cf-connecting-ip': '2001:db8:2::1' }, 2)).toMatchObject({
        code: '23505',
      });
    });

    it('finds an address on the list through the unique index, never a scan of the list (20261127170000)', async () => {
      await db.exec(`insert into public.tedxcommunity_emails (email)
        select 'person' || i || '@example.org' from generate_series(1, 5000) i;
        analyze public.tedxcommunity_emails`);
      const scans = async () => {
        await db.exec('select pg_stat_force_next_flush()');
        await db.exec('select pg_stat_clear_snapshot()');
        const { rows } = await db.query<{ seq: string; idx: string }>(
          `select seq_scan as seq, idx_scan as idx from pg_stat_user_tables
           where relid = 'public.tedxcommunity_emails'::regclass`,
        );
        return { seq: Number(rows[0].seq), idx: Number(rows[0].idx) };
      };
      const before = await scans();
      const headers = { 'cf-connecting-ip': '198.51.100.16' };
      const results = [];
      for (const email of [
        ' PERSON7@example.org',
        'new-person@example.org',
        'person4999@example.org',
      ])
        results.push(await insertAs('anon', headers, 100, email));
      expect(codes(results)).toEqual(['23505', 'ok', '23505']);
      const after = await scans();
      expect(after.seq - before.seq).toBe(0);
      expect(after.idx - before.idx).toBeGreaterThanOrEqual(3);
    });

    it('loses no count to asks at the same moment', async () => {
      await insertAs('service_role', {}, undefined, known);
      const headers = { 'cf-connecting-ip': '198.51.100.15' };
      const results = await Promise.all(Array.from({ length: 40 }, () => ask(headers, 10)));
      expect(codes(results).filter((c) => c === '23505')).toHaveLength(10);
    });

    it(`answers 4 x ${FLOOD_LIMIT} of ${FLOOD_ASKS} asks from 60 /64s of one /48 through the own server`, async () => {
      await insertAs('service_role', {}, undefined, known);
      const app = testApp(db, { signupRateLimit: FLOOD_LIMIT });
      const statuses = new Map<number, number>();
      for (let k = 0; k < FLOOD_ASKS / 60; k++)
        for (let i = 0; i < 60; i++) {
          const res = await app.request(ENDPOINT, {
            method: 'POST',
            headers: clientHeaders(ANON, {
              'X-Forwarded-For': `2001:db8:1:${i.toString(16)}00::${k + 1}`,
            }),
            body: JSON.stringify({ email: known }),
          });
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        }
      // 4 x 10 answers; then 40 asks answered as the /48's sign-ups are, with nothing stored; then 429.
      expect(Object.fromEntries(statuses)).toEqual({
        409: 4 * FLOOD_LIMIT,
        201: 4 * FLOOD_LIMIT,
        429: FLOOD_ASKS - 2 * 4 * FLOOD_LIMIT,
      });
      expect(await storedEmails(db)).toEqual([known]);
    });

    it('when a wide flood has used up every counter, an ask goes as a sign-up: sign-ups go on', async () => {
      await insertAs('service_role', {}, undefined, known);
      // Every counter full for this minute, as asks from thousands of networks would leave them.
      await db.exec(`select setval(format('tedxcommunity_budget.counter_%s', i),
          (floor(extract(epoch from now()))::bigint << 20) + 1000)
        from generate_series(0, 255) i`);
      const headers = { 'cf-connecting-ip': '198.51.100.17' };
      expect((await ask(headers, 2)).ok).toBe(true);
      expect((await insertAs('anon', headers, 2)).ok).toBe(true);
      expect((await insertAs('anon', headers, 2)).ok).toBe(false);
      expect(await storedEmails(db)).toHaveLength(2);
    });

    it('lets no network spend another that shares one of its counters', async () => {
      await insertAs('service_role', {}, undefined, known);
      const busy = '198.51.100.14';
      const own = [...(await counters(busy, 32)), ...(await counters(busy, 24))];
      // An address with one of its own two counters among the busy client's (its /24 none):
      // counted in that one alone, it would be over its budget of 2 at its first ask.
      let quiet = '';
      for (let i = 1; !quiet; i++) {
        const candidate = `10.${i >> 8}.${i & 255}.1`;
        const shared = (await counters(candidate, 32)).filter((c) => own.includes(c));
        const network = (await counters(candidate, 24)).filter((c) => own.includes(c));
        if (shared.length === 1 && network.length === 0) quiet = candidate;
      }
      for (let i = 0; i < 20; i++) await ask({ 'cf-connecting-ip': busy }, 2);
      const results = [];
      for (let i = 0; i < 3; i++) results.push(await ask({ 'cf-connecting-ip': quiet }, 2));
      expect(codes(results)).toEqual(['23505', '23505', 'ok']);
    });
  });

  it("changes the hosted default with docs/deploying.md's migration", async () => {
    const docs = readFileSync(new URL('../docs/deploying.md', import.meta.url), 'utf8');
    const change =
      /```sql\n([^`]*tedxcommunity_budget\.per_minute\(\)[^`]*)```/.exec(docs)?.[1] ?? '';
    expect(change).toContain("'select 200'");
    const headers = { 'cf-connecting-ip': '198.51.100.16' };
    try {
      await db.exec(change.replace('200', '2'));
      const results = [];
      for (let i = 0; i < 3; i++) results.push(await insertAs('anon', headers));
      expect(results.map((r) => r.ok)).toEqual([true, true, false]);
    } finally {
      await db.exec(change.replace('200', String(HOSTED_DEFAULT)));
    }
    expect((await insertAs('anon', headers)).ok).toBe(true);
  });

  it('keeps the budget table to the last minute: each sign-up clears ended rows', async () => {
    await db.exec(`insert into public.tedxcommunity_signup_budget (network, ends_at, signups)
      select ('10.' || (i >> 8) || '.' || (i & 255) || '.0/24')::cidr, now() - interval '1 second', 9
      from generate_series(1, 1000) i`);
    const headers = { 'cf-connecting-ip': '198.51.100.12' };
    for (let i = 0; i < 130; i++) expect((await insertAs('anon', headers, 1000)).ok).toBe(true);
    const { rows } = await db.query<{ network: string; signups: number }>(
      'select network::text as network, signups from public.tedxcommunity_signup_budget order by 1',
    );
    expect(rows).toEqual([
      { network: '198.51.100.0/24', signups: 130 },
      { network: '198.51.100.12/32', signups: 130 },
    ]);
  });

  it('is out of reach for anon: no table, no helper, no limit to set over the API', async () => {
    const app = testApp(db, { signupRateLimit: 1 });
    const headers = clientHeaders(ANON, { 'X-Forwarded-For': '203.0.113.60' });
    const call = (path: string, init: RequestInit = {}) =>
      app.request(`http://localhost/rest/v1/${path}`, { method: 'POST', headers, ...init });
    for (const fn of [
      'tedxcommunity_signup_budget',
      'tedxcommunity_client_address',
      'tedxcommunity_signup_networks',
      'tedxcommunity_on_list_answers',
      'tedxcommunity_per_minute',
      'set_config',
    ])
      expect((await call(`rpc/${fn}`, { body: '{}' })).status, fn).toBe(404);
    const setLimit = JSON.stringify({
      setting_name: 'app.signup_rate_limit',
      new_value: '0',
      is_local: true,
    });
    expect((await call('rpc/set_config', { body: setLimit })).status).toBe(404);
    for (const method of ['GET', 'POST', 'DELETE'])
      expect(
        (
          await call('tedxcommunity_signup_budget', {
            method,
            body: method === 'POST' ? '{}' : undefined,
          })
        ).status,
      ).toBe(404);
    // PostgREST's own settings in headers change nothing either.
    const extra = {
      Prefer: 'tx=rollback, params=single-object',
      'X-App-Signup-Rate-Limit': '0',
      'Accept-Profile': 'public',
    };
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push(
        (
          await app.request(ENDPOINT, {
            method: 'POST',
            headers: { ...headers, ...extra },
            body: JSON.stringify({ email: `reach${i}@example.org` }),
          })
        ).status,
      );
    expect(statuses).toEqual([201, 429, 429]);
    // In SQL, as PostgREST runs anon: no read, write, truncate or call.
    for (const sql of [
      'select * from public.tedxcommunity_signup_budget',
      "insert into public.tedxcommunity_signup_budget values ('10.0.0.0/8', now(), 0)",
      'delete from public.tedxcommunity_signup_budget',
      'truncate public.tedxcommunity_signup_budget',
      'select public.tedxcommunity_client_address()',
      "select * from public.tedxcommunity_signup_networks('10.0.0.1')",
      "select nextval('tedxcommunity_budget.counter_0')",
      "select setval('tedxcommunity_budget.counter_0', 1)",
      'select * from tedxcommunity_budget.secret',
      "select tedxcommunity_budget.spend('10.0.0.1', 0)",
      "select tedxcommunity_budget.counters('10.0.0.0/8')",
      'select tedxcommunity_budget.per_minute()',
    ])
      await expect(
        db.transactionAs('anon', (tx) => tx.query(sql)),
        sql,
      ).rejects.toMatchObject({
        code: '42501',
      });
  });

  describe('through the own server', () => {
    const signUp = (app: ReturnType<typeof testApp>, forwardedFor: string, extra = {}) =>
      app.request(ENDPOINT, {
        method: 'POST',
        headers: clientHeaders(ANON, { 'X-Forwarded-For': forwardedFor, ...extra }),
        body: JSON.stringify({ email: `server${n++}@example.org` }),
      });

    it(`refuses most of ${FLOOD_ASKS} sign-ups from 60 /64s of one /48 at SIGNUP_RATE_LIMIT=${FLOOD_LIMIT}`, async () => {
      const app = testApp(db, { signupRateLimit: FLOOD_LIMIT });
      const statuses = new Map<number, number>();
      for (let k = 0; k < FLOOD_ASKS / 60; k++)
        for (let i = 0; i < 60; i++) {
          const status = (await signUp(app, `2001:db8:1:${i.toString(16)}00::${k + 1}`)).status;
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
      expect(Object.fromEntries(statuses)).toEqual({
        201: 4 * FLOOD_LIMIT,
        429: FLOOD_ASKS - 4 * FLOOD_LIMIT,
      });
      // Answered as PostgREST answers the same refusal on hosted Supabase.
      const res = await signUp(app, '2001:db8:1:100::9');
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await res.json()).toMatchObject({ code: 'over_request_rate_limit', details: null });
      expect((await signUp(app, '2001:db8:2::1')).status).toBe(201);
    });

    it('passes the address it resolved, overwriting a CF-Connecting-IP the client sent', async () => {
      const app = testApp(db, { signupRateLimit: 2 });
      const statuses = [];
      for (let i = 0; i < 4; i++)
        statuses.push(
          (await signUp(app, '203.0.113.50', { 'CF-Connecting-IP': `10.0.${i}.1` })).status,
        );
      expect(statuses).toEqual([201, 201, 429, 429]);
    });

    it('gives a direct client one budget whatever it writes in any address header', async () => {
      const app = testApp(db, { signupRateLimit: 2 });
      const long = '1'.repeat(8 * 1024);
      const forged: Record<string, string>[] = [
        { 'CF-Connecting-IP': '10.0.0.1', 'X-Forwarded-For': '10.0.0.2' },
        { 'CF-Connecting-IP': long, 'X-Forwarded-For': `${long}, 10.0.0.3` },
        { 'X-Real-IP': '10.0.0.4', Forwarded: 'for="[2001:db8::1]"' },
        { 'CF-Connecting-IP': 'fe80::1%eth0', 'X-Forwarded-For': '::ffff:10.0.0.5' },
        { 'CF-Connecting-IP': '010.000.000.006, 10.0.0.7', 'X-Forwarded-For': ',,,' },
      ];
      const statuses = [];
      // The same client on a dual-stack socket, in both spellings.
      for (const [i, extra] of forged.entries())
        statuses.push(
          (
            await app.request(
              ENDPOINT,
              {
                method: 'POST',
                headers: clientHeaders(ANON, extra),
                body: JSON.stringify({ email: `direct${i}@example.org` }),
              },
              peer(i % 2 ? '::ffff:198.51.100.40' : '198.51.100.40'),
            )
          ).status,
        );
      expect(statuses).toEqual([201, 201, 429, 429, 429]);
    });

    it('limits nothing for the service role', async () => {
      const app = testApp(db, { signupRateLimit: 1 });
      for (let i = 0; i < 3; i++)
        expect(
          (
            await app.request(ENDPOINT, {
              method: 'POST',
              headers: clientHeaders(SERVICE, { 'X-Forwarded-For': '203.0.113.51' }),
              body: JSON.stringify({ email: `service${i}@example.org` }),
            })
          ).status,
        ).toBe(201);
    });
  });
});
