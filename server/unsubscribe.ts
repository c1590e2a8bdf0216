// /unsubscribe?token=…, the link in every announcement (List-Unsubscribe, RFC 8058).
//   POST: one-click (a mail provider posts `List-Unsubscribe=One-Click`, no cookie, no key) or
//         the confirm page's button; unsubscribes, idempotently; 200, never a redirect.
//   GET:  the confirm page; changes nothing, because mail scanners follow links.
// The database function decides, called as anon, so this is what PostgREST would allow anyway.
// Tokens travel in the query string, which the request log never prints.
import type { Context } from 'hono';
import { pageCsp } from './csp.ts';
import type { Db } from './db/types.ts';
import { confirmPage, donePage, invalidPage } from './unsubscribe-page.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function html(body: string, status: number): Response {
  return new Response(body, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': pageCsp(body),
      'Cache-Control': 'no-store',
      // The token is in this page's URL: no Referer to the pages it links to.
      'Referrer-Policy': 'no-referrer',
    },
  });
}

export function createUnsubscribe(db: Db) {
  const token = (c: Context) => {
    const value = c.req.query('token') ?? '';
    return UUID.test(value) ? value : null;
  };
  const ask = async (fn: 'unsubscribe' | 'unsubscribe_known', value: string | null) => {
    if (!value) return false;
    // As text: the PostgreSQL adapter returns every value as text, PGlite a boolean.
    const { rows } = await db.queryAs<{ ok: string }>(
      'anon',
      `select public.tedxcommunity_${fn}($1)::text as ok`,
      [value],
    );
    return rows[0]?.ok === 'true';
  };

  return {
    async get(c: Context): Promise<Response> {
      const value = token(c);
      if (!value || !(await ask('unsubscribe_known', value))) return html(invalidPage(), 404);
      return html(confirmPage(value), 200);
    },
    async post(c: Context): Promise<Response> {
      return (await ask('unsubscribe', token(c)))
        ? html(donePage(), 200)
        : html(invalidPage(), 404);
    },
  };
}
