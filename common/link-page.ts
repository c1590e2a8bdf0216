// The pages a link in our mail opens (/unsubscribe, /your-data): the site's look (dark, TEDx red)
// in one small self-contained document, and their answers' headers. The one <style> block is
// allowed by its hash in each answer's own CSP; no inline handlers or style attributes, no
// script: every button is a plain form POST.
import { EVENT_SHORT_NAME, WORD_MARK } from '../content/event.ts';
import { PRESS_CONTACT } from '../content/team.ts';
import { hashedPolicy, STRICT_CSP } from './csp-policy.ts';
import { html, htmlPage, raw, type Html } from './html.ts';

/**
 * The Tailwind theme's colours (src/styles/global.css), copied because this module also runs in
 * a Deno Edge Function that cannot read the stylesheet; link-page.test.ts holds each one to the
 * theme.
 */
export const PAGE_COLORS = {
  ink: '#0a0a0a',
  surface: '#151515',
  paper: '#f5f5f5',
  brand: '#e62b1e',
  accent: '#ff4a3d',
  action: '#d42a1d',
  'action-hover': '#b8231a',
} as const;
const C = PAGE_COLORS;

const DISPLAY_FONT = "Impact,'Arial Narrow',sans-serif";

const PAGE_STYLE = `
body{margin:0;min-height:100vh;display:grid;place-items:center;background:${C.ink};color:${C.paper};
font:16px/1.6 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}
main{max-width:32rem;margin:1.5rem;padding:2rem 1.75rem;background:${C.surface};border:1px solid ${C.brand};border-radius:1.5rem;overflow-wrap:anywhere}
.logo{font:700 min(2rem,7vw) ${DISPLAY_FONT};letter-spacing:.02em;margin:0 0 1rem;white-space:nowrap}
.logo span{color:${C.brand}}
h1{font:700 1.75rem/1.15 ${DISPLAY_FONT};text-transform:uppercase;margin:0 0 .75rem}
h2{font:700 1.2rem/1.2 ${DISPLAY_FONT};text-transform:uppercase;margin:1.75rem 0 .5rem;color:${C.accent}}
p,ul,dl{margin:0 0 1rem;color:${C.paper}}
ul{padding-left:1.25rem}
dt{font-weight:700}
dd{margin:0 0 .5rem}
a{color:${C.accent}}
label{display:block;font-weight:700;margin:0 0 .25rem}
input{font:inherit;color:${C.paper};background:${C.ink};border:1px solid ${C.paper};border-radius:.5rem;padding:.6rem .8rem;width:100%;box-sizing:border-box;margin:0 0 .75rem}
button{font:inherit;font-weight:700;color:${C.paper};background:${C.action};border:0;border-radius:999px;
padding:.8rem 1.75rem;cursor:pointer}
.actions{display:flex;flex-wrap:wrap;align-items:center;gap:1rem 1.5rem}
button:hover{background:${C['action-hover']}}
button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid ${C.accent};outline-offset:3px}
@media (forced-colors:active){button{border:2px solid ButtonText}}
`;

/** A whole page: the word mark over `body`, not indexed. */
export function page(title: string, body: Html): string {
  return htmlPage({
    title: `${title} · ${EVENT_SHORT_NAME}`,
    meta: html`<meta name="robots" content="noindex">`,
    style: html`<style>${raw(PAGE_STYLE)}</style>`,
    body: html`<body>
<main>
<p class="logo"><span>${WORD_MARK.red}</span>${WORD_MARK.rest}</p>
${body}
</main>
</body>`,
  });
}

/** The organisers' address, as the pages name it. */
export const ORGANISERS = html`<a href="mailto:${PRESS_CONTACT.email}">${PRESS_CONTACT.email}</a>`;

/** The pages' way back to the site (`home`: its origin, '' where the site serves the page). */
export const homeLink = (home: string, label = 'Go to the home page') =>
  html`<p><a href="${home}/">${label}</a></p>`;

const sha256 = async (s: string) => {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(s));
  return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
};

// Every page has the one style block and no script: one policy, its hash computed once.
let pagePolicy: Promise<string> | undefined;

/** An answer to a link's request: never stored, never a Referer (the token is in its URL). */
export function respond(
  body: BodyInit,
  status: number,
  type: string,
  csp: string,
  extra: Record<string, string> = {},
): Response {
  return new Response(body, {
    status,
    headers: {
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
      'X-Robots-Tag': 'noindex',
      'Content-Type': `${type}; charset=utf-8`,
      'Content-Security-Policy': csp,
      ...extra,
    },
  });
}

export async function htmlAnswer(body: string, status: number): Promise<Response> {
  pagePolicy ??= sha256(PAGE_STYLE).then((style) => hashedPolicy([], [style]));
  return respond(body, status, 'text/html', await pagePolicy);
}

export const textAnswer = (body: string, status: number, extra: Record<string, string> = {}) =>
  respond(body, status, 'text/plain', STRICT_CSP, extra);

/** Calls a database function as anon with these arguments; its answer as JSON. */
export type AskDatabase = (fn: string, args: Record<string, string>) => Promise<unknown>;

/** What a link page's handler is made with, wherever it runs (the own server, an Edge Function). */
export interface LinkPageOptions {
  ask: AskDatabase;
  /** The site's origin, for the pages' links, when they are served from elsewhere. */
  home?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A token, or null when `value` is not one (no database is asked about it). */
export const asToken = (value: string | null | undefined) =>
  value && UUID.test(value) ? value : null;

export const tokenOf = (request: Request) =>
  asToken(new URL(request.url).searchParams.get('token'));
