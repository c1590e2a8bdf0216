// /unsubscribe?token=…, the link in every announcement (List-Unsubscribe, RFC 8058), as one
// `(request) => Promise<Response>` for both the own server and the Supabase Edge Function.
//   POST: one-click (a mail provider posts `List-Unsubscribe=One-Click`, no cookie, no key) or
//         the confirm page's button; unsubscribes, idempotently; 200, never a redirect.
//   GET:  the confirm page; changes nothing, because mail scanners follow links.
// The database function decides, called as anon, so this is what PostgREST would allow anyway.
import {
  htmlAnswer,
  textAnswer,
  tokenOf,
  type AskDatabase,
  type LinkPageOptions,
} from './link-page.ts';
import {
  confirmPage,
  confirmText,
  donePage,
  invalidPage,
  invalidText,
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

/** The answer, or an error (a 500) for anything the function never says: never a guess. */
async function answer(ask: AskDatabase, fn: keyof typeof LINK_ANSWERS, token: string) {
  const said = await ask(fn, { token });
  if (!(LINK_ANSWERS[fn] as readonly unknown[]).includes(said))
    throw new Error(`${fn}: unexpected answer ${JSON.stringify(said)}`);
  return said as string;
}

interface UnsubscribeOptions extends LinkPageOptions {
  /** Answer GET in text/plain (hosted Supabase rewrites GET text/html to text/plain anyway). */
  isGetPlainText?: boolean;
}

export function createUnsubscribeHandler({ ask, home = '', isGetPlainText }: UnsubscribeOptions) {
  return async function handleUnsubscribe(request: Request): Promise<Response> {
    const token = tokenOf(request);
    if (request.method === 'POST') {
      const done = token ? await answer(ask, 'tedxcommunity_unsubscribe_link', token) : 'unknown';
      return done === 'unknown'
        ? htmlAnswer(invalidPage(home), 404)
        : htmlAnswer(donePage(home), 200);
    }
    const state = token ? await answer(ask, 'tedxcommunity_unsubscribe_state', token) : 'unknown';
    if (state === 'unknown' || !token) {
      return isGetPlainText
        ? textAnswer(invalidText(home), 404)
        : htmlAnswer(invalidPage(home), 404);
    }
    const used = state === 'off';
    return isGetPlainText
      ? textAnswer(confirmText(home, used), 200)
      : htmlAnswer(confirmPage(token, home, used), 200);
  };
}
