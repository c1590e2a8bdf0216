// The Supabase Edge Function's handler, run under Node against this project's own server as the
// stand-in for hosted Supabase: it asks /rest/v1/rpc/tedxcommunity_unsubscribe_link and _state
// over HTTP with the anon key, exactly as it does on Supabase, and is itself reached over HTTP.
// (server/unsubscribe-deno.test.ts runs the same function under the real Deno runtime.)
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { edgeFunction } from '../supabase/functions/_shared/edge.ts';
import { createUnsubscribeHandler } from '../common/unsubscribe-handler.ts';
import { pageCsp } from './csp.ts';
import type { Db } from '../platform/db/types.ts';
import { ANON, storedEmails, testApp } from '../test-support/app.ts';
import { pgliteDatabase } from '../test-support/databases.ts';
import { listen, type Listening } from '../test-support/listen.ts';
import { ONE_CLICK, seedAnnAndBob, tokenOf as tokenOfIn } from '../test-support/unsubscribe.ts';

const SITE = 'https://tedx.example';

describe('unsubscribe Edge Function (over PostgREST, as on hosted Supabase)', () => {
  let db: Db;
  let api: Listening;
  let edge: Listening;
  beforeAll(async () => {
    db = await pgliteDatabase.open();
    api = await listen(testApp(db).fetch);
    edge = await listen(
      edgeFunction('unsubscribe', createUnsubscribeHandler, {
        supabaseUrl: api.origin,
        anonKey: ANON,
        siteUrl: `${SITE}/`,
      }),
    );
  });
  afterAll(async () => {
    await edge.close();
    await api.close();
    await pgliteDatabase.dispose(db);
  });
  beforeEach(async () => {
    await pgliteDatabase.reset(db);
    await seedAnnAndBob(db);
  });

  const tokenOf = (email: string) => tokenOfIn(db, email);
  const url = (token: string) => `${edge.origin}/unsubscribe?token=${encodeURIComponent(token)}`;

  it('GET answers in plain text (Supabase serves no HTML to GET) and changes nothing', async () => {
    const token = await tokenOf('ann@example.org');
    const res = await fetch(url(token), { redirect: 'manual' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.text();
    expect(body).toContain('Opening this link changes nothing');
    expect(body).not.toContain(token);
    expect(await storedEmails(db)).toEqual(['ann@example.org', 'bob@example.org']);
  });

  it('one-click POST unsubscribes with 200, no redirect, and again with 200', async () => {
    const token = await tokenOf('ann@example.org');
    for (let i = 0; i < 2; i++) {
      const res = await fetch(url(token), ONE_CLICK);
      expect(res.status).toBe(200);
      expect(res.headers.get('location')).toBeNull();
      const page = await res.text();
      expect(page).toContain('You are unsubscribed');
      expect(page).toContain(`<a href="${SITE}/#email-signup">`);
      expect(page).not.toMatch(/ style=|onclick|<script/i);
      // The same strict policy the own server sends: its one style block, by hash.
      const csp = res.headers.get('content-security-policy');
      expect(csp).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/]+=*'/);
      expect(csp).toBe(pageCsp(page));
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    }
    expect(await storedEmails(db)).toEqual(['bob@example.org']);
  });

  it('an old link: GET says the same in plain text whether or not its person came back; POST takes the later sign-up off', async () => {
    const [annOld, bobOld] = [await tokenOf('ann@example.org'), await tokenOf('bob@example.org')];
    for (const token of [annOld, bobOld]) await fetch(url(token), ONE_CLICK);
    await db.exec("insert into public.tedxcommunity_emails (email) values ('ann@example.org')");
    const look = async (token: string) => {
      const res = await fetch(url(token), { redirect: 'manual' });
      return [res.status, await res.text()] as const;
    };
    const annText = await look(annOld);
    expect(annText).toEqual(await look(bobOld));
    expect(annText[0]).toBe(200);
    expect(annText[1]).toContain('left the launch list with this link');
    expect(annText[1]).toContain('also if it signed up again since, use the Unsubscribe button');
    expect(await storedEmails(db)).toEqual(['ann@example.org']);
    const leave = async (token: string) => {
      const res = await fetch(url(token), ONE_CLICK);
      return [res.status, await res.text()] as const;
    };
    const annDone = await leave(annOld);
    expect(annDone).toEqual(await leave(bobOld));
    expect(annDone[1]).toContain('You are unsubscribed');
    expect(await storedEmails(db)).toEqual([]);
  });

  it.each([
    ['an unknown', '6f1c1c4e-7c43-4b59-a0b1-7d6c2f3f3b6a'],
    ['a malformed', "x'); drop table x; --"],
    ['a missing', ''],
  ])('%s token gets 404 revealing nothing, and changes nothing', async (_, token) => {
    const get = await fetch(url(token), { redirect: 'manual' });
    const post = await fetch(url(token), ONE_CLICK);
    expect([get.status, post.status]).toEqual([404, 404]);
    const [text, page] = [await get.text(), await post.text()];
    expect(text).toContain('This link is not valid');
    expect(page).toContain('This link is not valid');
    expect(post.headers.get('content-security-policy')).toBe(pageCsp(page));
    if (token) expect(text + page).not.toContain(token);
    expect(await storedEmails(db)).toHaveLength(2);
  });

  it('an unknown token gets the same answers as a malformed one', async () => {
    const answers = async (token: string) => {
      const get = await fetch(url(token));
      const post = await fetch(url(token), ONE_CLICK);
      return [get.status, await get.text(), post.status, await post.text()];
    };
    expect(await answers('6f1c1c4e-7c43-4b59-a0b1-7d6c2f3f3b6a')).toEqual(await answers('nope'));
  });

  it('refuses other methods with 405', async () => {
    const res = await fetch(url(await tokenOf('ann@example.org')), { method: 'PUT' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD, POST');
    expect(await storedEmails(db)).toHaveLength(2);
  });

  it('a database that will not answer is a 500, never a false "unsubscribed"', async () => {
    const broken = edgeFunction('unsubscribe', createUnsubscribeHandler, {
      supabaseUrl: api.origin,
      anonKey: 'wrong-key-wrong',
    });
    const token = await tokenOf('ann@example.org');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await broken(new Request(url(token), ONE_CLICK));
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/HTTP 401/));
    logged.mockRestore();
    expect(res.status).toBe(500);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(await res.text()).not.toMatch(/unsubscribed/i);
    expect(await storedEmails(db)).toHaveLength(2);
  });

  it('says no-referrer on every answer (the token is in the URL)', async () => {
    const token = await tokenOf('ann@example.org');
    const answers = [
      await fetch(url(token)),
      await fetch(url(token), { method: 'HEAD' }),
      await fetch(url('nope')),
      await fetch(url('nope'), ONE_CLICK),
      await fetch(url(token), { method: 'PUT' }),
      await fetch(url(token), ONE_CLICK),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 404, 404, 405, 200]);
    for (const res of answers) expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });
});

// Deno resolves each function's npm names through its own deno.json (the zones in eslint.config.js
// keep their imports to common/ and content/, Web APIs only; unsubscribe-deno.test.ts runs them).
it.each(['unsubscribe', 'your-data'])(
  "maps each of %s's npm names at the version Node runs here",
  (fn) => {
    const denoJson = new URL(`../supabase/functions/${fn}/deno.json`, import.meta.url);
    const { imports } = JSON.parse(readFileSync(denoJson, 'utf8')) as {
      imports: Record<string, string>;
    };
    for (const [spec, target] of Object.entries(imports)) {
      const [name, ...path] = spec.split('/');
      const installed = new URL(`../node_modules/${name}/package.json`, import.meta.url);
      const { version } = JSON.parse(readFileSync(installed, 'utf8')) as { version: string };
      expect(target, spec).toBe(`npm:${name}@${version}/${path.join('/')}`);
    }
  },
);
