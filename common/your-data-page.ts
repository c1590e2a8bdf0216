// The pages of /your-data, in link-page.ts's look: what the organisers hold about the person whose
// link it is, and the four things they can do with it (correct the first name, download, leave,
// erase), each a plain form POST.
import { EVENT_SHORT_NAME, EVENT_TIME_ZONE } from '../content/event.ts';
import { eventDates } from '../content/event-dates.ts';
import { LIST_KEPT_UNTIL_LONG } from '../content/privacy.ts';
import { html } from './html.ts';
import { homeLink, ORGANISERS, page } from './link-page.ts';

/** What tedxcommunity_your_data answers (supabase/migrations/20261128200000_your_data.sql). */
export interface HeldData {
  email: string;
  first_name: string | null;
  signed_up_at: string;
  signed_up_with: 'form' | 'script' | null;
  source: string | null;
  mails: {
    campaign: string;
    outcome: 'sent' | 'bounced' | 'failed' | 'deferred';
    at: string;
    late_reports: { kind: 'hard' | 'complaint' | 'soft' | 'sender'; at: string }[];
  }[];
  suppressed: { cause: string; since: string } | null;
}

/** What tedxcommunity_your_data_erase answers: how many mail records went, and the suppression
 * that stays, if any. */
export interface Erased {
  mails: number;
  suppressed: string | null;
}

const day = (iso: string) => eventDates(iso, EVENT_TIME_ZONE).long;

const HOW = {
  form: 'with the sign-up form, without JavaScript',
  script: 'with the sign-up form on the page (with JavaScript)',
};
const OUTCOME = {
  sent: 'sent',
  bounced: 'refused by your mail server',
  failed: 'could not be sent',
  deferred: 'delayed by your mail server; it may be tried again',
};
const LATE = {
  hard: 'your mail server returned it later as undeliverable',
  complaint: 'it was reported as spam',
  soft: 'your mail server reported a delay',
  sender: 'a mail server reported a problem with our sending, not with your address',
};
const CAUSE: Record<string, string> = {
  'hard bounce at send': 'your mail server refused our mail',
  'late bounce': 'your mail server returned our mail as undeliverable',
  complaint: 'our mail was reported as spam',
};

/** The download: everything the page shows, as one JSON file. */
export const downloadJson = (held: HeldData) =>
  `${JSON.stringify({ ...held, list_deleted_by: LIST_KEPT_UNTIL_LONG }, null, 2)}\n`;

/** Where the site's /your-data page posts the link's token: hosted Supabase's Edge Function when
 * the site is built for it (PUBLIC_SUPABASE_URL), else the own server's route. */
export const yourDataEndpoint = (supabaseUrl?: string) =>
  supabaseUrl ? `${new URL(supabaseUrl).origin}/functions/v1/your-data` : '/your-data';

/** The forms post back to the page itself, wherever it is served (the Edge Function too). */
const action = (token: string) => `?token=${encodeURIComponent(token)}`;

/** One POST form: its hidden fields, what it asks (`inside`), and its button. */
const button = (token: string, label: string, fields: Record<string, string>, inside = html``) =>
  html`<form method="post" action="${action(token)}">
${Object.entries(fields).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`)}
${inside}<p class="actions"><button type="submit">${label}</button></p>
</form>`;

/** GET: the page. `notice`: what the last POST changed, or why it changed nothing. */
export function yourDataPage(token: string, held: HeldData, notice?: string): string {
  const how = held.signed_up_with ? HOW[held.signed_up_with] : 'by a way not recorded';
  const source = held.source ? `; the link you came by was marked “${held.source}”` : '';
  const suppressed = held.suppressed
    ? `Yes, since ${day(held.suppressed.since)}: ${CAUSE[held.suppressed.cause] ?? held.suppressed.cause}. We will not mail it again.`
    : 'No.';
  const list = [
    ['Email address', held.email],
    ['First name', held.first_name ?? 'none given'],
    ['Signed up', `${day(held.signed_up_at)}, ${how}${source}`],
    ['On our do-not-mail list', suppressed],
  ];
  const mails = held.mails.map(
    (m) =>
      `“${m.campaign}”, ${day(m.at)}: ${OUTCOME[m.outcome]}` +
      m.late_reports.map((r) => `; on ${day(r.at)} ${LATE[r.kind]}`).join(''),
  );
  return page(
    'Your data',
    html`<h1>Your data</h1>
${notice ? html`<p role="status"><strong>${notice}</strong></p>` : ''}
<p>What the ${EVENT_SHORT_NAME} organisers hold about you.</p>
<dl>
${list.map(([term, value]) => html`<dt>${term}</dt><dd>${value}</dd>\n`)}</dl>
<h2>Mails we sent you</h2>
${mails.length ? html`<ul>${mails.map((m) => html`<li>${m}</li>`)}</ul>` : html`<p>None yet.</p>`}
<p>We delete the whole list by ${LIST_KEPT_UNTIL_LONG} at the latest.</p>
<h2>Correct your first name</h2>
${button(
  token,
  'Save',
  { action: 'name' },
  html`<label for="first_name">First name (leave it empty for none)</label>
<input id="first_name" name="first_name" value="${held.first_name ?? ''}" maxlength="100" autocomplete="given-name">
`,
)}
<h2>Download it</h2>
<p>Everything on this page as one file (JSON).</p>
${button(token, 'Download', { action: 'download' })}
<h2>Leave the list</h2>
<p>We will send you no more mail. What is shown above stays until you erase it or we delete the list.</p>
${button(token, 'Leave the list', { action: 'leave' })}
<h2>Erase it</h2>
<p>Your sign-up and the record of the mails we sent you go for good.</p>
${button(token, 'Erase…', { action: 'erase' })}`,
  );
}

/** The name the form sent cannot be kept: the page again, unchanged. */
export const NAME_REFUSED =
  'That first name was not saved: use at most 100 characters and no control characters.';
export const nameSaved = (name: string | null) =>
  name ? `Saved. We will greet you as ${name}.` : 'Saved. We will greet you without a name.';

/** Erase asks once more: it cannot be undone. */
export function eraseConfirmPage(token: string, home = ''): string {
  return page(
    'Erase your data',
    html`<h1>Erase everything?</h1>
<p>Your email address, your first name, when and how you signed up, and the record of the
mails we sent you go for good, and you get no more mail from us. This cannot be undone.</p>
${button(token, 'Erase everything', { action: 'erase', confirm: 'yes' })}
${homeLink(home, 'Keep it, and go to the home page')}`,
  );
}

/** What erase leaves: said exactly (decision 0028). */
export function erasedPage(erased: Erased, home = ''): string {
  const kept = erased.suppressed
    ? html`<li>On our do-not-mail list, a one-way fingerprint (hash) of your address, why (${CAUSE[erased.suppressed] ?? erased.suppressed}) and since when, and nothing else: the address itself is gone, but without the fingerprint a later sign-up could mail you again. To have it removed too, write to ${ORGANISERS}.</li>`
    : '';
  return page(
    'Erased',
    html`<h1>Erased</h1>
<p>Your sign-up and the record of ${erased.mails === 1 ? 'one mail' : `${erased.mails} mails`} we sent you are gone, with any reports about them. This link now leads to nothing.</p>
<p>What we still keep:</p>
<ul>${kept}
<li>That someone erased their data on this day: a count for our report, with nothing about you.</li>
</ul>
${homeLink(home)}`,
  );
}

/** After "Leave the list": off the list, and what stays. */
export function leftPage(token: string, home = ''): string {
  return page(
    'You have left the list',
    html`<h1>You have left the list</h1>
<p>You will get no more mail from us. The record of the mails we sent you stays until we delete
the list; you can erase it now.</p>
${button(token, 'Erase…', { action: 'erase' })}
${homeLink(home)}`,
  );
}

/** Any token that leads to nothing, whatever the reason: the same page. */
export function yourDataInvalidPage(home = ''): string {
  return page(
    'Link not valid',
    html`<h1>This link is no longer valid</h1>
<p>It may be incomplete or old, or what it led to has been erased. Copy the whole
“Your data” link from one of our messages, or write to the organisers at
${ORGANISERS}.</p>
${homeLink(home)}`,
  );
}
