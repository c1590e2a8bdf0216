// /your-data?token=…, the "Your data" link in every mail, as one `(request) => Promise<Response>`
// for both the own server and the Supabase Edge Function (decision 0028).
//   GET:  the page; changes nothing (mail scanners follow links).
//   POST: a form on it, by `action`: name (correct the first name), download, leave, erase
//         (asked once more, then done with confirm=yes); answered with a page saying what changed.
//         `show`: the page itself, for the site's static /your-data page (hosted Supabase), which
//         posts the token in the form.
// The token is the sign-up's unsubscribe token; the database functions (called as anon) answer
// for that one sign-up only. Every token that leads to nothing gets the same page, status and
// size, after the same two database calls: a malformed one is asked about as '' (null in SQL,
// which reads no row), so nothing tells an unknown token from a malformed or an erased one.
import { isAcceptableFirstName, normaliseFirstName } from './normalise-signup.ts';
import {
  asToken,
  htmlAnswer,
  respond,
  textAnswer,
  tokenOf,
  type LinkPageOptions,
} from './link-page.ts';
import { STRICT_CSP } from './csp-policy.ts';
import {
  downloadJson,
  eraseConfirmPage,
  erasedPage,
  leftPage,
  NAME_REFUSED,
  nameSaved,
  yourDataInvalidPage,
  yourDataPage,
  type Erased,
  type HeldData,
} from './your-data-page.ts';
import { EVENT_SHORT_NAME } from '../content/event.ts';

/** The form's fields are a few short values; anything longer is not this page's form. */
const MAX_FORM_BYTES = 2048;

/** The posted form, or null when it is too long (read no further than the limit). */
async function readForm(request: Request): Promise<URLSearchParams | null> {
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  // Leaving the loop early cancels the stream: the rest of the body is not read.
  for await (const chunk of request.body ?? []) {
    size += chunk.byteLength;
    if (size > MAX_FORM_BYTES) return null;
    text += decoder.decode(chunk, { stream: true });
  }
  return new URLSearchParams(text + decoder.decode());
}

const isHeld = (value: unknown): value is HeldData =>
  typeof value === 'object' && value !== null && typeof (value as HeldData).email === 'string';

const ERASE = 'tedxcommunity_your_data_erase';

export function createYourDataHandler({ ask, home = '' }: LinkPageOptions) {
  /** Asks a function with the link's token ('' for a malformed one); null: it leads to nothing. */
  const held = async (fn: string, token: string, extra: Record<string, string> = {}) => {
    const said = await ask(fn, { token, ...extra });
    if (said !== null && !isHeld(said)) throw new Error(`${fn}: unexpected answer`);
    return said;
  };
  const invalid = () => htmlAnswer(yourDataInvalidPage(home), 404);

  /** What the link leads to: the sign-up, or (after leaving) what erase would still take. */
  const lookUp = async (token: string) => {
    const data = await held('tedxcommunity_your_data', token);
    const left = data ? null : ((await ask(ERASE, { token, p_dry: 'true' })) as Erased | null);
    return { data, left };
  };

  /** What the link leads to, as a page. */
  const show = async (token: string) => {
    const { data, left } = await lookUp(token);
    if (data) return htmlAnswer(yourDataPage(token, data), 200);
    return left ? htmlAnswer(leftPage(token, home), 200) : invalid();
  };

  return async function handleYourData(request: Request): Promise<Response> {
    if (request.method === 'GET' || request.method === 'HEAD') {
      return show(tokenOf(request) ?? '');
    }
    const form = await readForm(request);
    if (!form) return textAnswer('The form is too long.\n', 413);
    // The link's token, or the code pasted into the site's /your-data page (or the whole link).
    const token =
      tokenOf(request) ?? asToken(/[0-9a-f-]{36}/i.exec(form.get('token') ?? '')?.[0]) ?? '';
    switch (form.get('action')) {
      case 'show':
        return show(token);
      case 'name': {
        const name = normaliseFirstName(form.get('first_name'));
        if (!isAcceptableFirstName(name)) {
          const data = await held('tedxcommunity_your_data', token);
          return data ? htmlAnswer(yourDataPage(token, data, NAME_REFUSED), 400) : invalid();
        }
        const data = await held('tedxcommunity_your_data_rename', token, {
          first_name: name ?? '',
        });
        return data
          ? htmlAnswer(yourDataPage(token, data, nameSaved(data.first_name)), 200)
          : invalid();
      }
      case 'download': {
        const data = await held('tedxcommunity_your_data_download', token);
        if (!data) return invalid();
        return respond(downloadJson(data), 200, 'application/json', STRICT_CSP, {
          'Content-Disposition': `attachment; filename="${EVENT_SHORT_NAME}-your-data.json"`,
        });
      }
      case 'leave': {
        const { data, left } = await lookUp(token);
        // The unsubscribe link's own function: a later sign-up of the address leaves too.
        if (data) await ask('tedxcommunity_unsubscribe_link', { token });
        return data || left ? htmlAnswer(leftPage(token, home), 200) : invalid();
      }
      case 'erase': {
        const dry = form.get('confirm') !== 'yes';
        const erased = (await ask(ERASE, { token, p_dry: String(dry) })) as Erased | null;
        if (!erased) return invalid();
        return htmlAnswer(dry ? eraseConfirmPage(token, home) : erasedPage(erased, home), 200);
      }
      default:
        return textAnswer('This page has no such form.\n', 400);
    }
  };
}
