// /unsubscribe?token=…, the link in every announcement (List-Unsubscribe, RFC 8058), as one
// `(request) => Promise<Response>` for both the own server and the Supabase Edge Function.
//   POST: one-click (a mail provider posts `List-Unsubscribe=One-Click`, no cookie, no key) or
//         the confirm page's button; unsubscribes, idempotently; 200, never a redirect.
//   GET:  the confirm page; changes nothing, because mail scanners follow links.
// The database function decides, called as anon, so this is what PostgREST would allow anyway.
// Runtime-neutral: Web APIs only (Request, Response, crypto.subtle), no node: imports, so Deno
// runs it as it is.
import { hashedPolicy, STRICT_CSP } from './csp-policy.ts';
import {
  confirmPage,
  confirmText,
  donePage,
  invalidPage,
  invalidText,
  PAGE_STYLE,
} from './unsubscribe-page.ts';

/**
 * The migrations' two functions (20261126030000, 20261127100000): the POST leaves, the GET asks
 * whether the link's sign-up is on the list ('on') or has left ('off'). An old link never claims
 * that its address is off the list (a later sign-up of it may be on), and never says whether it is.
 */
const LINK_ANSWERS = {
  tedxcommunity_unsubscribe_link: ['left', 'unknown'],
  tedxcommunity_unsubscribe_state: ['on', 'off', 'unknown'],
} as const;

type UnsubscribeFunction = keyof typeof LINK_ANSWERS;

/** Calls the database function as anon with the token; its answer as JSON (a string). */
export type AskDatabase = (fn: UnsubscribeFunction, token: string) => Promise<unknown>;

/** The answer, or an error (a 500) for anything the function never says: never a guess. */
async function answer(ask: AskDatabase, fn: UnsubscribeFunction, token: string) {
  const said = await ask(fn, token);
  if (!(LINK_ANSWERS[fn] as readonly unknown[]).includes(said))
    throw new Error(`${fn}: unexpected answer ${JSON.stringify(said)}`);
  return said as string;
}

interface UnsubscribeOptions {
  ask: AskDatabase;
  /** The site's origin, for the pages' links, when they are served from elsewhere. */
  home?: string;
  /** Answer GET in text/plain (hosted Supabase rewrites GET text/html to text/plain anyway). */
  isGetPlainText?: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const sha256 = async (s: string) => {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(s));
  return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
};

// Every page has the one style block and no script: one policy, its hash computed once.
let pagePolicy: Promise<string> | undefined;

function respond(body: string, status: number, type: string, csp: string, extra = {}): Response {
  return new Response(body, {
    status,
    headers: {
      'Cache-Control': 'no-store',
      // The token is in this page's URL: no Referer to the pages it links to.
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
      'Content-Type': `${type}; charset=utf-8`,
      'Content-Security-Policy': csp,
      ...extra,
    },
  });
}

async function html(body: string, status: number): Promise<Response> {
  pagePolicy ??= sha256(PAGE_STYLE).then((style) => hashedPolicy([], [style]));
  return respond(body, status, 'text/html', await pagePolicy);
}

const text = (body: string, status: number, extra: Record<string, string> = {}) =>
  respond(body, status, 'text/plain', STRICT_CSP, extra);

/** The answer where the database could not be asked (the Edge Function; the own server's
 * onError answers for itself): it claims nothing, and keeps the token out of any Referer. */
export function unavailable(): Response {
  return text('Something went wrong on our side. Try the link again in a few minutes.\n', 500);
}

export function createUnsubscribeHandler({ ask, home = '', isGetPlainText }: UnsubscribeOptions) {
  const tokenOf = (request: Request) => {
    const value = new URL(request.url).searchParams.get('token') ?? '';
    return UUID.test(value) ? value : null;
  };

  return async function handleUnsubscribe(request: Request): Promise<Response> {
    const token = tokenOf(request);
    if (request.method === 'POST') {
      const done = token ? await answer(ask, 'tedxcommunity_unsubscribe_link', token) : 'unknown';
      return done === 'unknown' ? html(invalidPage(home), 404) : html(donePage(home), 200);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return text('Method not allowed\n', 405, { Allow: 'GET, HEAD, POST' });
    }
    const state = token ? await answer(ask, 'tedxcommunity_unsubscribe_state', token) : 'unknown';
    if (state === 'unknown' || !token) {
      return isGetPlainText ? text(invalidText(home), 404) : html(invalidPage(home), 404);
    }
    const used = state === 'off';
    return isGetPlainText
      ? text(confirmText(home, used), 200)
      : html(confirmPage(token, home, used), 200);
  };
}
