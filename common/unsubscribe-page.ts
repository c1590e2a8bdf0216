// The pages of /unsubscribe, in link-page.ts's look. `home` is the site's origin when the page is
// not served by the site itself ('' when it is).
import { EVENT_SHORT_NAME } from '../content/event.ts';
import { PRESS_CONTACT } from '../content/team.ts';
import { html } from './html.ts';
import { homeLink, ORGANISERS, page } from './link-page.ts';

/**
 * GET: asks, changes nothing (mail scanners open links). The form posts back to the same URL.
 * `used`: the link's sign-up has left the list. The page then speaks of the address the message
 * was sent to and of nothing more: the same words whether or not that address signed up again
 * (the POST takes a later sign-up of it off too), so a forwarded copy tells its holder nothing.
 */
export function confirmPage(token: string, home = '', used = false): string {
  const ask = used
    ? html`<h1>This link has been used</h1>
<p>${USED_SENTENCE}</p>
<p>Unsubscribe to make sure it is off the list, also if it signed up again since.</p>`
    : html`<h1>Leave the launch list?</h1>
<p>You will get no more mail from ${EVENT_SHORT_NAME} about this event.</p>`;
  return page(
    'Unsubscribe',
    html`${ask}
<form method="post" action="/unsubscribe?token=${encodeURIComponent(token)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<p class="actions"><button type="submit">Unsubscribe</button>
<a href="${home}/">${used ? 'Go to the home page' : 'Keep me on the list'}</a></p>
</form>`,
  );
}

const USED_SENTENCE = 'The address this message was sent to left the launch list with this link.';

/** After a POST: that address is off the list (a later sign-up of it too). */
export function donePage(home = ''): string {
  return page(
    'Unsubscribed',
    html`<h1>You are unsubscribed</h1>
<p>You will get no more mail from us. Changed your mind? <a href="${home}/#email-signup">Sign up again</a>.</p>`,
  );
}

/** Unknown or malformed token: the same page either way, naming nothing. */
export function invalidPage(home = ''): string {
  return page(
    'Link not valid',
    html`<h1>This link is not valid</h1>
<p>It may be incomplete. Copy the whole unsubscribe link from the message, or write to the
organisers at ${ORGANISERS}.</p>
${homeLink(home)}`,
  );
}

// Hosted Supabase serves a GET answer of text/html as text/plain (its Edge Functions serve no
// pages), so there the GET answers are written to be read as plain text. They have no button:
// the one-click POST from the mail program, or a word to the organisers, does it.

/** GET where no page can be shown: says how to leave, changes nothing. `used`: see confirmPage. */
export function confirmText(home = '', used = false): string {
  const head = used
    ? `${USED_SENTENCE}

Opening this link changes nothing. To make sure that address is off the ${EVENT_SHORT_NAME}
launch list, also if it signed up again since`
    : `Leave the ${EVENT_SHORT_NAME} launch list?

Opening this link changes nothing. To leave`;
  return `${head}, use the Unsubscribe button your mail program shows
beside the sender of our message (Gmail, Yahoo Mail, Outlook and Apple Mail show one), or reply
to the message and the organisers will take you off the list.
${home ? `\n${home}/\n` : ''}`;
}

/** GET with an unknown or malformed token, as plain text: naming nothing. */
export function invalidText(home = ''): string {
  return `This link is not valid.

It may be incomplete. Copy the whole unsubscribe link from the message, or write to the
organisers at ${PRESS_CONTACT.email}.
${home ? `\n${home}/\n` : ''}`;
}
