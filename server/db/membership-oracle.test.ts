// Migration 20261126020000: a multi-row anonymous insert answers the same whatever the list
// holds, so no stranger learns who signed up (issue 27). Through the server's routes and in SQL
// on PGlite and PostgreSQL (TEST_DATABASE_URL), and through the unmodified supabase-js client
// against the real server process on each.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY, SIGNUP_TABLE, signupFormAction } from '../../common/signup-contract.ts';
import { ANON, clientHeaders, ENDPOINT, storedEmails, testApp } from '../../test-support/app.ts';
import { ANSWER_FLOOR_MS } from '../rest/routes.ts';
import {
  POSTGRES_SKIP_REASON,
  postgresDatabase,
  serverOnPglite,
  TEST_DATABASE_URL,
  testDatabases,
} from '../../test-support/databases.ts';
import { startServer, type ServerProcess } from '../../test-support/server-process.ts';
import type { Db } from '../../platform/db/types.ts';

if (!TEST_DATABASE_URL)
  describe.skip(POSTGRES_SKIP_REASON, () => it('no membership oracle on PostgreSQL'));

const ON_LIST = 'member@example.org';
const OTHER = 'stranger@example.org';

/** The probes a stranger could send: every one names the address on the list. */
const PROBES: { email: string }[][] = [
  [{ email: ON_LIST }, { email: ON_LIST }],
  [{ email: ON_LIST }, { email: OTHER }],
  [{ email: OTHER }, { email: ON_LIST }],
  [{ email: ' Member@Example.org ' }, { email: OTHER }],
  [{ email: ON_LIST }, { email: OTHER }, { email: 'third@example.org' }],
];

describe.each(testDatabases())('no membership oracle on $name', (database) => {
  let db: Db;
  let app: ReturnType<typeof testApp>;

  beforeAll(async () => {
    db = await database.open();
    app = testApp(db);
  });
  afterAll(() => database.dispose(db));
  beforeEach(() => database.reset(db));

  const answer = async (rows: unknown) => {
    const res = await app.request(ENDPOINT, {
      method: 'POST',
      headers: clientHeaders(ANON),
      body: JSON.stringify(rows),
    });
    return { status: res.status, body: await res.text() };
  };

  it('answers a multi-row anonymous insert the same whether or not the address is on the list', async () => {
    const whenAbsent = [];
    for (const probe of PROBES) whenAbsent.push(await answer(probe));
    expect(await storedEmails(db)).toEqual([]);

    expect((await answer({ email: ON_LIST })).status).toBe(201);
    const whenPresent = [];
    for (const probe of PROBES) whenPresent.push(await answer(probe));

    expect(whenPresent).toEqual(whenAbsent);
    for (const { status, body } of whenPresent) {
      expect(status).toBe(400);
      expect(JSON.parse(body)).toMatchObject({ code: 'P0001', message: 'one sign-up per request' });
    }
    expect(await storedEmails(db)).toEqual([ON_LIST]);
  });

  it('keeps the single-row duplicate: 409 23505, any case, nothing stored twice', async () => {
    expect((await answer({ email: ON_LIST })).status).toBe(201);
    const again = await answer({ email: 'MEMBER@example.org' });
    expect(again.status).toBe(409);
    expect(JSON.parse(again.body)).toMatchObject({ code: '23505' });
    expect((await answer([{ email: ON_LIST }])).status).toBe(409);
    expect(await storedEmails(db)).toEqual([ON_LIST]);
  });

  it('holds in SQL for anon (as PostgREST inserts an array), whatever the list holds', async () => {
    const probeInSql = async () => {
      try {
        await db.transaction(async (tx) => {
          await tx.exec('set local role anon');
          await tx.query(
            `insert into public.tedxcommunity_emails (email)
             select email from json_populate_recordset(null::public.tedxcommunity_emails, $1::json)`,
            [JSON.stringify([{ email: ON_LIST }, { email: ON_LIST }])],
          );
        });
        return 'stored';
      } catch (error) {
        return (error as { code?: string }).code;
      }
    };
    const absent = await probeInSql();
    await answer({ email: ON_LIST });
    expect(await probeInSql()).toBe(absent);
    expect(absent).toBe('P0001');
  });

  describe('once a client has spent its answers "already on the list" (20261127183000)', () => {
    const LIMIT = 2;
    /** An answer and how long it took: no sign-up is answered before the floor, so its time does
     * not tell an address on the list from a new one (20261129100000). */
    const timed = async <T>(ask: () => Promise<T>) => {
      const start = performance.now();
      const answer = await ask();
      return { answer, ms: performance.now() - start };
    };
    const atTheFloor = (...asks: { ms: number }[]) => {
      for (const { ms } of asks) expect(ms).toBeGreaterThanOrEqual(ANSWER_FLOOR_MS - 1);
    };
    /** A request's whole answer, less the Retry-After (compared on its own) and the date. */
    const whole = async (res: Response) => {
      const headers = Object.fromEntries(res.headers);
      const wait = Number(headers['retry-after'] ?? 0);
      delete headers['retry-after'];
      delete headers.date;
      return { answer: { status: res.status, body: await res.text(), headers }, wait };
    };
    const from = async (client: string, rows: unknown) =>
      whole(
        await testApp(db, { signupRateLimit: LIMIT }).request(ENDPOINT, {
          method: 'POST',
          headers: clientHeaders(ANON, { 'X-Forwarded-For': client }),
          body: JSON.stringify(rows),
        }),
      );
    const spendAnswers = async (client: string) => {
      for (let i = 0; i < LIMIT; i++)
        expect((await from(client, { email: ON_LIST })).answer.status).toBe(409);
    };

    it('answers a two-row probe 400 whatever the list holds, and spends nothing on it', async () => {
      await db.exec(`insert into public.tedxcommunity_emails (email) values ('${ON_LIST}')`);
      await spendAnswers('198.51.100.21');
      const onList = await from('198.51.100.21', [{ email: ON_LIST }, { email: 'junk@x.org' }]);
      const notOnList = await from('198.51.100.21', [{ email: OTHER }, { email: 'junk@x.org' }]);
      expect(onList).toEqual(notOnList);
      expect(onList.answer.status).toBe(400);
      // A client with answers left: probes of an address on the list spend none of them.
      for (let i = 0; i < 5; i++)
        expect(
          (await from('198.51.100.22', [{ email: ON_LIST }, { email: OTHER }])).answer.status,
        ).toBe(400);
      expect((await from('198.51.100.22', { email: ON_LIST })).answer.status).toBe(409);
    });

    it('answers one row on the list as a new address: 201, stored nothing; then the same 429', async () => {
      await db.exec(`insert into public.tedxcommunity_emails (email) values ('${ON_LIST}')`);
      const client = '198.51.100.23';
      await spendAnswers(client);
      const asked = await timed(() => from(client, { email: ON_LIST }));
      const fresh = await timed(() => from(client, { email: OTHER }));
      expect(asked.answer).toEqual(fresh.answer);
      expect(asked.answer.answer.status).toBe(201);
      atTheFloor(asked, fresh);
      expect(await storedEmails(db)).toEqual([ON_LIST, OTHER]);
      // The two spent the sign-up budget alike: now both wait, and for the same time.
      const over = [
        await from(client, { email: ON_LIST }),
        await from(client, { email: 'third@example.org' }),
        await from(client, { email: ON_LIST }),
      ];
      expect(over[0].answer).toEqual(over[1].answer);
      expect(over[2].answer).toEqual(over[1].answer);
      expect(over[0].answer.status).toBe(429);
      // One wait counted down, whichever address asked.
      expect(over[0].wait).toBeGreaterThanOrEqual(over[1].wait);
      expect(over[1].wait).toBeGreaterThanOrEqual(over[2].wait);
      expect(await storedEmails(db)).toEqual([ON_LIST, OTHER]);
    });

    it("holds the answer from the body's last byte, however slowly the body came", async () => {
      await db.exec(`insert into public.tedxcommunity_emails (email) values ('${ON_LIST}')`);
      const client = '198.51.100.26';
      await spendAnswers(client);
      /** The time from the body's last byte to the answer, that byte sent 40 ms after the rest. */
      const slowly = async (email: string) => {
        const bytes = new TextEncoder().encode(JSON.stringify({ email }));
        let last = 0;
        const body = new ReadableStream({
          async pull(controller) {
            controller.enqueue(bytes.subarray(0, 5));
            await new Promise((resolve) => setTimeout(resolve, 40));
            last = performance.now();
            controller.enqueue(bytes.subarray(5));
            controller.close();
          },
        });
        const res = await testApp(db, { signupRateLimit: LIMIT }).request(ENDPOINT, {
          method: 'POST',
          headers: clientHeaders(ANON, {
            'X-Forwarded-For': client,
            'Content-Length': String(bytes.length),
          }),
          body,
          duplex: 'half',
        } as RequestInit);
        return { status: res.status, ms: performance.now() - last };
      };
      const asked = await slowly(ON_LIST);
      const fresh = await slowly(OTHER);
      expect([asked.status, fresh.status]).toEqual([201, 201]);
      atTheFloor(asked, fresh);
    });

    it('sends the form without JavaScript to the success page for either, storing the new one only', async () => {
      await db.exec(`insert into public.tedxcommunity_emails (email) values ('${ON_LIST}')`);
      const app = testApp(db, { signupRateLimit: LIMIT });
      const form = async (email: string) =>
        whole(
          await app.request(new URL(signupFormAction(undefined, ANON), 'http://localhost').href, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/x-www-form-urlencoded',
              Origin: 'http://localhost',
              'X-Forwarded-For': '198.51.100.24',
            },
            body: new URLSearchParams({ first_name: '', email, website: '' }).toString(),
          }),
        );
      const duplicate = await form(ON_LIST);
      expect(duplicate.answer.headers.location).toMatch(/\/signup\/already-subscribed#/);
      await form(ON_LIST);
      const asked = await timed(() => form(ON_LIST));
      const fresh = await timed(() => form(OTHER));
      expect(asked.answer).toEqual(fresh.answer);
      expect(asked.answer.answer.status).toBe(303);
      expect(asked.answer.answer.headers.location).toMatch(/\/signup\/subscribed#/);
      expect(await storedEmails(db)).toEqual([ON_LIST, OTHER]);
      atTheFloor(asked, fresh);
    });

    it('does the same work for a new address as for a spent ask: the same counters held', async () => {
      await db.exec(`insert into public.tedxcommunity_emails (email) values ('${ON_LIST}')`);
      /** The advisory locks (the answers' counters) the sign-up holds at its statement's end. */
      const counters = (email: string) =>
        db.transactionAs('anon', async (tx) => {
          await tx.query(
            `select set_config('request.headers', $1, true),
                    set_config('app.signup_rate_limit', $2, true),
                    set_config('app.answer_floor_ms', '0', true)`,
            [JSON.stringify({ 'cf-connecting-ip': '198.51.100.27' }), String(LIMIT)],
          );
          await tx.query('insert into public.tedxcommunity_emails (email) values ($1)', [email]);
          const { rows } = await tx.query<{ held: number }>(
            `select count(*)::int as held from pg_locks
             where locktype = 'advisory' and pid = pg_backend_pid()`,
          );
          return rows[0].held;
        });
      await expect(counters(ON_LIST)).rejects.toMatchObject({ code: '23505' });
      await expect(counters(ON_LIST)).rejects.toMatchObject({ code: '23505' });
      const asked = await counters(ON_LIST);
      expect(asked).toBeGreaterThan(0);
      expect(await counters(OTHER)).toBe(asked);
      expect(await storedEmails(db)).toEqual([ON_LIST, OTHER]);
    });

    it('waits out the floor in the database where nothing else does, as on hosted Supabase', async () => {
      await db.exec(`insert into public.tedxcommunity_emails (email) values ('${ON_LIST}')`);
      const { rows } = await db.query<{ ms: number }>(
        'select tedxcommunity_budget.answer_floor_ms() as ms',
      );
      expect(rows[0].ms).toBe(ANSWER_FLOOR_MS);
      const ask = (email: string) =>
        timed(() =>
          db
            .transactionAs('anon', async (tx) => {
              await tx.query(
                `select set_config('request.headers', $1, true),
                        set_config('app.signup_rate_limit', $2, true)`,
                [JSON.stringify({ 'cf-connecting-ip': '198.51.100.25' }), String(LIMIT)],
              );
              await tx.query('insert into public.tedxcommunity_emails (email) values ($1)', [
                email,
              ]);
            })
            .then(
              () => 'answered as new',
              (error: { code?: string }) => error.code,
            ),
        );
      for (let i = 0; i < LIMIT; i++) expect((await ask(ON_LIST)).answer).toBe('23505');
      const asked = await ask(ON_LIST);
      const fresh = await ask(OTHER);
      expect([asked.answer, fresh.answer]).toEqual(['answered as new', 'answered as new']);
      atTheFloor(asked, fresh);
      expect(await storedEmails(db)).toEqual([ON_LIST, OTHER]);
    });
  });

  it('still refuses a duplicate in a service-role import, at the end of its statement', async () => {
    await answer({ email: ON_LIST });
    await expect(
      db.exec(
        `insert into public.tedxcommunity_emails (email) values ('new@example.org'), ('${ON_LIST}')`,
      ),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await storedEmails(db)).toEqual([ON_LIST]);
  });
});

/** Every request of these comes from 127.0.0.1: one client, with three sign-ups and three answers
 * a minute. */
const SERVER_ENV = { SIGNUP_RATE_LIMIT: '3' };

interface ServerDatabase {
  name: string;
  /** The running server, and how to stop it and drop what it ran on. */
  start: () => Promise<{ server: ServerProcess; dispose: () => Promise<void> }>;
}
const servers: ServerDatabase[] = [
  {
    name: 'PGlite',
    start: async () => {
      const server = await serverOnPglite(SERVER_ENV);
      return { server, dispose: server.dispose };
    },
  },
];
if (TEST_DATABASE_URL) {
  const adminUrl = TEST_DATABASE_URL;
  servers.push({
    name: 'PostgreSQL',
    start: async () => {
      // A database of its own (migrated here; the server finds nothing left to apply).
      const database = postgresDatabase(adminUrl);
      const db = await database.open();
      const dir = mkdtempSync(join(tmpdir(), 'tedx-oracle-pg-'));
      const server = await startServer({
        ...SERVER_ENV,
        DATA_DIR: dir,
        DATABASE_URL: database.url ?? '',
      });
      return {
        server,
        async dispose() {
          await server.stop();
          await database.dispose(db);
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  });
}

describe.each(servers)('supabase-js against the real server on $name', ({ start }) => {
  let server: ServerProcess;
  let dispose = async () => {};
  beforeAll(async () => {
    ({ server, dispose } = await start());
  }, 60_000);
  afterAll(() => dispose());

  it('gets the same error for a two-row probe before and after the address signs up', async () => {
    const supabase = createClient(server.origin, LOCAL_ANON_KEY, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const probe = async () => {
      const { error, status } = await supabase
        .from(SIGNUP_TABLE)
        .insert([{ email: ON_LIST }, { email: ON_LIST }]);
      return { status, error };
    };
    const before = await probe();
    const signUp = await supabase.from(SIGNUP_TABLE).insert({ email: ON_LIST });
    expect(signUp.error).toBeNull();
    const after = await probe();
    expect(after).toEqual(before);
    expect(before.status).toBe(400);
    expect(before.error).toMatchObject({ code: 'P0001' });
    const duplicate = await supabase.from(SIGNUP_TABLE).insert({ email: ON_LIST });
    expect(duplicate.error).toMatchObject({ code: '23505' });

    // Its second and third answers; then the answers are spent, and the address on the list is answered as
    // a new one, which spends a sign-up as a new one does (this client's second and third).
    const insert = async (email: string) => {
      const { error, status, statusText, data, count } = await supabase
        .from(SIGNUP_TABLE)
        .insert({ email }, { count: 'exact' });
      return { error, status, statusText, data, count };
    };
    for (let i = 0; i < 2; i++)
      expect((await insert(ON_LIST)).error).toMatchObject({ code: '23505' });
    const asked = await insert(ON_LIST);
    expect(asked).toEqual(await insert('new-person@example.org'));
    expect(asked).toMatchObject({ error: null, status: 201 });
    // Both budgets spent: the same 429 for either.
    const over = await insert(ON_LIST);
    expect(over.status).toBe(429);
    expect(over.error?.message).toMatch(/^Too many sign-ups from this address/);
    expect(await insert('another@example.org')).toMatchObject({
      status: 429,
      error: { code: over.error?.code },
    });
  });
});
