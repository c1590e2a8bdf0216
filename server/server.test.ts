// The real server process with the real supabase-js client: sign-ups, concurrency, a SIGKILL in
// the middle of writes, graceful shutdown, the DATA_DIR lock, and the organiser CLI.
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOCAL_ANON_KEY, SIGNUP_TABLE } from '../common/signup-contract.ts';
import { SERVICE_KEY_FILE } from '../platform/service-key.ts';
import { LOCK_FILE } from '../platform/db/lock.ts';
import { retentionNotice } from '../platform/retention.ts';
import { seedPgliteDir } from '../test-support/databases.ts';
import { runCli, startServer, type ServerProcess } from '../test-support/server-process.ts';

const client = (origin: string, key = LOCAL_ANON_KEY) =>
  createClient(origin, key, { auth: { persistSession: false, autoRefreshToken: false } });

async function signUp(origin: string, email: string): Promise<number> {
  const res = await fetch(`${origin}/rest/v1/${SIGNUP_TABLE}`, {
    method: 'POST',
    headers: {
      apikey: LOCAL_ANON_KEY,
      Authorization: `Bearer ${LOCAL_ANON_KEY}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ email, first_name: null }),
  });
  await res.arrayBuffer();
  return res.status;
}

/** Every stored address, read as the organiser commands read them (the service role's function). */
async function allEmails(origin: string, dataDir: string): Promise<string[]> {
  const key = readFileSync(join(dataDir, SERVICE_KEY_FILE), 'utf8').trim();
  const emails: string[] = [];
  for (let after = 0; ;) {
    const { data, error } = await client(origin, key).rpc('tedxcommunity_signups_page', {
      p_after: after,
      p_limit: 1000,
    });
    expect(error).toBeNull();
    const rows = data as { id: number; email: string }[];
    if (rows.length === 0) return emails;
    emails.push(...rows.map((r) => r.email));
    after = rows[rows.length - 1].id;
  }
}

describe('the server process', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tedx-server-'));
    await seedPgliteDir(dataDir);
  });
  const live = (): ServerProcess => {
    if (!server) throw new Error('no server running');
    return server;
  };

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts on DATA_DIR, writes a private service-role key and records its port in the lock', async () => {
    server = await startServer({ DATA_DIR: dataDir });
    expect(readFileSync(join(dataDir, SERVICE_KEY_FILE), 'utf8')).toMatch(/^sb_secret_/);
    const { statSync } = await import('node:fs');
    expect(statSync(join(dataDir, SERVICE_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(statSync(join(dataDir, 'pgdata')).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8'))).toMatchObject({
      pid: server.child.pid,
      port: server.port,
    });
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
    // Nobody on the list: nothing the privacy page's day asks to delete.
    await vi.waitFor(() => expect(live().output()).toContain('Server ready'));
    expect(live().output()).not.toContain('privacy page');
  });

  it('works with the unmodified supabase-js client: insert, duplicate 23505, network failure', async () => {
    const origin = live().origin;
    const first = await client(origin)
      .from(SIGNUP_TABLE)
      .insert({ email: 'js@example.org', first_name: 'Jo' });
    expect(first.error).toBeNull();
    expect(first.status).toBe(201);
    const again = await client(origin)
      .from(SIGNUP_TABLE)
      .insert({ email: 'js@example.org', first_name: null });
    expect(again.error?.code).toBe('23505');
    expect(again.status).toBe(409);
    const many = await client(origin)
      .from(SIGNUP_TABLE)
      .insert([
        { email: 'js2@example.org', first_name: null },
        { email: 'js3@example.org', first_name: 'Three' },
      ]);
    // One sign-up per anonymous request (migration 20261123110000): the array is refused whole.
    expect(many.error?.code).toBe('P0001');
    expect(many.status).toBe(400);
    const peek = await client(origin).from(SIGNUP_TABLE).select('*');
    expect(peek.error?.code).toBe('42501');
    expect(peek.data).toBeNull();
    const down = await client('http://127.0.0.1:9')
      .from(SIGNUP_TABLE)
      .insert({ email: 'x@example.org', first_name: null });
    expect(down.error).not.toBeNull();
    expect(down.error?.code).toBe('');
  });

  it('logs one line per request, never an email address or a key', () => {
    const log = live().output();
    expect(log).toMatch(/^POST \/rest\/v1\/tedxcommunity_emails 201 \d+\.\dms$/m);
    expect(log).not.toContain('@example.org');
    expect(log).not.toContain(LOCAL_ANON_KEY);
    expect(log).not.toContain(readFileSync(join(dataDir, SERVICE_KEY_FILE), 'utf8').trim());
  });

  it('loses and doubles no concurrent sign-up', async () => {
    const emails = Array.from({ length: 200 }, (_, i) => `c${i}@example.org`);
    const statuses = await Promise.all(emails.map((email) => signUp(live().origin, email)));
    expect(statuses.every((s) => s === 201)).toBe(true);
    const dupes = await Promise.all(
      Array.from({ length: 40 }, () => signUp(live().origin, 'same@example.org')),
    );
    expect(dupes.filter((s) => s === 201)).toHaveLength(1);
    expect(dupes.filter((s) => s === 409)).toHaveLength(39);
    const stored = await allEmails(live().origin, dataDir);
    for (const email of [...emails, 'same@example.org'])
      expect(stored.filter((e) => e === email)).toHaveLength(1);
  });

  it('keeps a second server off the same DATA_DIR', async () => {
    await expect(startServer({ DATA_DIR: dataDir }, 15_000)).rejects.toThrow(
      /exited \(1\)[\s\S]*is in use by process/,
    );
  });

  it('stops with one line saying what to check when DATABASE_URL cannot be reached', async () => {
    await expect(
      startServer({ DATABASE_URL: 'postgres://u:p@127.0.0.1:1/x', DATA_DIR: dataDir }, 15_000),
    ).rejects.toThrow(
      /exited \(1\)[\s\S]*Could not open the database: connect ECONNREFUSED 127\.0\.0\.1:1\. Check DATABASE_URL, and that the database server is running/,
    );
  });

  it('names the setting when the running server does not take the service-role key given', async () => {
    const result = await runCli(['cli/subscribers.ts', 'count'], {
      DATA_DIR: dataDir,
      SUPABASE_SERVICE_ROLE_KEY: 'not-the-key-'.repeat(4),
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^Could not call tedxcommunity_signup_count on the running server \(.*\): Invalid API key \(SUPABASE_SERVICE_ROLE_KEY is not its service-role key: set it to that key, or for the own server unset it, and the key in DATA_DIR is used\)\n$/,
    );
  });

  it('exports and counts through the running server', async () => {
    const count = await runCli(['cli/subscribers.ts', 'count'], { DATA_DIR: dataDir });
    expect(count).toMatchObject({ code: 0, stdout: '202\n' });
    const out = join(dataDir, 'export.csv');
    const exported = await runCli(['cli/subscribers.ts', 'export', '--out', out], {
      DATA_DIR: dataDir,
    });
    expect(exported.code).toBe(0);
    const lines = readFileSync(out, 'utf8').trimEnd().split('\n');
    expect(lines[0]).toBe('email,first_name,created_at,source');
    expect(lines).toHaveLength(203);
    expect(lines[1]).toMatch(/^js@example\.org,Jo,\d{4}-\d\d-\d\dT/);
  });

  it('loses no acknowledged sign-up when killed with SIGKILL mid-write', async () => {
    const acknowledged: string[] = [];
    let stop = false;
    let n = 0;
    const writer = async () => {
      while (!stop) {
        const email = `k${n++}@example.org`;
        try {
          if ((await signUp(live().origin, email)) === 201) acknowledged.push(email);
        } catch {
          return; // the connection died with the server
        }
      }
    };
    const writers = Array.from({ length: 16 }, writer);
    // Killed mid-stream once writes are well under way, however fast this machine is today.
    await vi.waitFor(() => expect(acknowledged.length).toBeGreaterThan(50), {
      timeout: 30_000,
      interval: 20,
    });
    live().child.kill('SIGKILL');
    await live().exited;
    stop = true;
    await Promise.all(writers);
    expect(acknowledged.length).toBeGreaterThan(50);

    server = await startServer({ DATA_DIR: dataDir }); // over the stale lock
    // A list kept past the privacy page's day: the start log says so.
    const overdue = await retentionNotice(() => acknowledged.length);
    await vi.waitFor(() => expect(live().output()).toContain(overdue ?? 'Server ready'));
    const stored = new Set(await allEmails(server.origin, dataDir));
    expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);
  });

  it('on SIGTERM finishes requests in flight, closes the database and releases DATA_DIR', async () => {
    const inFlight = Array.from({ length: 20 }, (_, i) =>
      signUp(live().origin, `t${i}@example.org`),
    );
    // The first answer shows the server is at work on them: the others are in flight.
    await Promise.race(inFlight);
    live().child.kill('SIGTERM');
    const statuses = await Promise.all(inFlight.map((p) => p.catch(() => 0)));
    expect(await live().exited).toBe(0);
    // Whatever was answered 201 is stored; nothing was cut off half-way.
    expect(statuses.every((s) => s === 201 || s === 0)).toBe(true);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThan(0);
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
    expect(live().output()).toContain('Stopped');
  });

  it('exports and counts from DATA_DIR itself when no server runs', async () => {
    const count = await runCli(['cli/subscribers.ts', 'count'], { DATA_DIR: dataDir });
    expect(count.code).toBe(0);
    const n = Number(count.stdout.trim());
    expect(n).toBeGreaterThan(204);
    const exported = await runCli(['cli/subscribers.ts', 'export'], { DATA_DIR: dataDir });
    expect(exported.code).toBe(0);
    const lines = exported.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(n + 1);
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  });
});
