// The Supabase Edge Functions as Supabase runs them: supabase/functions/{unsubscribe,your-data}/
// index.ts under the real Deno runtime (npm `deno`, the binary from its platform package, nothing downloaded), asking
// a running server on PGlite over its REST API with the anon key, as it asks hosted Supabase.
// The two people's tokens are written into the database before the server starts (the REST API
// never shows a token); the service-role key reads the list, as an organiser would.
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readServiceRoleKey } from '../platform/service-key.ts';
import { LOCAL_ANON_KEY, SIGNUP_TABLE } from '../common/signup-contract.ts';
import { serverOnPglite, type PgliteServer } from '../test-support/databases.ts';
import { ONE_CLICK } from '../test-support/unsubscribe.ts';
import { formSignUp } from '../test-support/app.ts';

const SITE = 'https://tedx.example';
const TOKENS = {
  'ann@example.org': '0b6f3f7e-1f0a-4f7e-9d55-3c1e8f2a7b01',
  'bob@example.org': '0b6f3f7e-1f0a-4f7e-9d55-3c1e8f2a7b02',
};
const CAT = '0b6f3f7e-1f0a-4f7e-9d55-3c1e8f2a7b03';

/** The deno binary npm installed, or why there is none (then the suite says so and skips). */
function findDeno(): { path: string } | { reason: string } {
  try {
    const install = createRequire(import.meta.url)('deno/install_api.cjs') as {
      runInstall(): string;
    };
    return { path: install.runInstall() };
  } catch (error) {
    return { reason: `deno cannot run here (${(error as Error).message.split('\n')[0]})` };
  }
}
const deno = findDeno();
if ('reason' in deno) console.warn(`Skipping the Edge Function under Deno: ${deno.reason}`);

interface Edge {
  child: ChildProcess;
  origin: string;
}

/** Starts a function's index.ts under Deno on a port the kernel picks; resolves with its origin. */
function startEdgeFunction(
  denoPath: string,
  name: string,
  supabaseUrl: string,
  denoDir: string,
): Promise<Edge> {
  const child = spawn(
    denoPath,
    [
      'run',
      // The function's deno.json maps hono/html to an npm: specifier; take it from the installed
      // node_modules rather than fetching it from the registry at test time.
      '--node-modules-dir=manual',
      '--allow-net=127.0.0.1',
      '--allow-env=SUPABASE_URL,SUPABASE_ANON_KEY,SITE_URL',
      `supabase/functions/${name}/index.ts`,
    ],
    {
      cwd: new URL('../', import.meta.url),
      env: {
        PATH: process.env.PATH ?? '',
        SUPABASE_URL: supabaseUrl,
        SUPABASE_ANON_KEY: LOCAL_ANON_KEY,
        SITE_URL: SITE,
        // Deno.serve() listens where this says (Deno 2.x); port 0: the kernel picks a free one.
        DENO_SERVE_ADDRESS: 'tcp:127.0.0.1:0',
        DENO_DIR: denoDir,
        DENO_NO_UPDATE_CHECK: '1',
        NO_COLOR: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return new Promise((resolve, reject) => {
    let said = '';
    const timer = setTimeout(() => reject(new Error(`Deno did not listen:\n${said}`)), 30_000);
    const read = (chunk: Buffer) => {
      said += chunk.toString();
      const port = /Listening on http:\/\/[^\s:]+:(\d+)\//.exec(said)?.[1];
      if (port) {
        clearTimeout(timer);
        resolve({ child, origin: `http://127.0.0.1:${port}` });
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Deno exited (${code}) before listening:\n${said}`));
    });
  });
}

describe.skipIf('reason' in deno)('the Edge Functions under Deno', () => {
  let server: PgliteServer;
  let edge: Edge;
  let yourData: Edge;
  let serviceKey: string;

  /** As the organisers' key reads the list over the server's REST API (one page is plenty). */
  const emails = async () => {
    const res = await fetch(`${server.origin}/rest/v1/rpc/tedxcommunity_signups_page`, {
      method: 'POST',
      headers: {
        apikey: serviceKey,
        Authorization: `Bearer ${serviceKey}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ p_after: 0, p_limit: 1000 }),
    });
    const body = await res.text();
    expect(res.status, body).toBe(200);
    // Cat is the your-data tests' own.
    return (JSON.parse(body) as { email: string }[])
      .map((r) => r.email)
      .filter((e) => e !== 'cat@example.org');
  };
  const url = (token: string) => `${edge.origin}/unsubscribe?token=${encodeURIComponent(token)}`;

  beforeAll(async () => {
    server = await serverOnPglite({}, async (db) => {
      for (const [email, token] of Object.entries(TOKENS))
        await db.query(
          `insert into public.${SIGNUP_TABLE} (email, unsubscribe_token) values ($1, $2)`,
          [email, token],
        );
      await db.query(
        `insert into public.${SIGNUP_TABLE} (email, first_name, unsubscribe_token) values ($1, 'Cat', $2)`,
        ['cat@example.org', CAT],
      );
      await db.exec(`insert into public.tedxcommunity_deliveries (campaign, email_hash, status)
        values ('launch', public.tedxcommunity_email_hash('cat@example.org'), 'sent')`);
    });
    serviceKey = readServiceRoleKey(undefined, server.dataDir) ?? '';
    const start = (name: string) =>
      startEdgeFunction(
        (deno as { path: string }).path,
        name,
        server.origin,
        join(server.dataDir, `deno-${name}`),
      );
    [edge, yourData] = await Promise.all([start('unsubscribe'), start('your-data')]);
  });
  afterAll(async () => {
    for (const running of [edge, yourData]) {
      if (running?.child.exitCode !== null) continue;
      const gone = new Promise((resolve) => running.child.once('exit', resolve));
      running.child.kill('SIGTERM');
      await gone;
    }
    await server?.dispose();
  });

  it('a one-click POST takes the person off the list, with 200, no redirect, twice', async () => {
    const token = TOKENS['ann@example.org'];
    for (let i = 0; i < 2; i++) {
      const res = await fetch(url(token), ONE_CLICK);
      expect(res.status).toBe(200);
      expect(res.headers.get('location')).toBeNull();
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      const page = await res.text();
      expect(page).toContain('You are unsubscribed');
      expect(page).toContain(`<a href="${SITE}/#email-signup">`);
    }
    expect(await emails()).toEqual(['bob@example.org']);
  });

  it('an unknown token gets 404 revealing nothing, and changes nothing', async () => {
    const before = await emails();
    const unknown = '6f1c1c4e-7c43-4b59-a0b1-7d6c2f3f3b6a';
    const get = await fetch(url(unknown), { redirect: 'manual' });
    const post = await fetch(url(unknown), ONE_CLICK);
    expect([get.status, post.status]).toEqual([404, 404]);
    const [text, page] = [await get.text(), await post.text()];
    expect(text).toContain('This link is not valid');
    expect(page).toContain('This link is not valid');
    expect(text + page).not.toContain(unknown);
    expect(await emails()).toEqual(before);
  });

  it('an old link after signing up again says only that its address left, and GET changes nothing', async () => {
    const old = TOKENS['bob@example.org'];
    expect((await fetch(url(old), ONE_CLICK)).status).toBe(200);
    // Bob signs up again with the form's own request (anon key, insert only): a new token.
    const signUp = await formSignUp(server.origin, 'bob@example.org');
    expect(signUp.status).toBe(201);
    const get = await fetch(url(old), { redirect: 'manual' });
    expect(get.status).toBe(200);
    const text = await get.text();
    expect(text).toContain('left the launch list with this link');
    expect(text).not.toContain('You are on the');
    expect(await emails()).toEqual(['bob@example.org']);
  });

  const form = (fields: Record<string, string>) => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

  const at = (origin: string, t = CAT) => `${origin}/your-data?token=${t}`;

  it('serves the own server’s page for the same token, to a GET and to a form', async () => {
    const [ours, theirs] = await Promise.all([
      fetch(at(server.origin)),
      fetch(at(yourData.origin)),
    ]);
    expect([ours.status, theirs.status]).toEqual([200, 200]);
    expect(await theirs.text()).toBe(await ours.text());
    const fields = { action: 'name', first_name: 'Cathy' };
    const saved = await fetch(at(server.origin), form(fields));
    const again = await fetch(at(yourData.origin), form(fields));
    const page = await again.text();
    expect(page).toBe(await saved.text());
    expect(page).toContain('Saved. We will greet you as Cathy.');
    expect(page).toContain('cat@example.org');
    expect(page).toContain('“launch”');
    for (const header of ['content-security-policy', 'cache-control', 'referrer-policy'])
      expect(again.headers.get(header), header).toBe(saved.headers.get(header));
  });

  it('a wrong token gets the same answer as from the own server', async () => {
    const wrong = '6f1c1c4e-7c43-4b59-a0b1-7d6c2f3f3b6a';
    const ours = await fetch(at(server.origin, wrong), form({ action: 'download' }));
    const theirs = await fetch(at(yourData.origin, wrong), form({ action: 'download' }));
    expect([ours.status, theirs.status]).toEqual([404, 404]);
    // The same page; its home link is the site's address (SITE_URL) where the site is elsewhere.
    expect((await theirs.text()).replaceAll(`${SITE}/`, '/')).toBe(await ours.text());
  });
});
