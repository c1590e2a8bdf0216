// The dry run's list check: what on the list looks wrong before the launch mail goes out, with
// counts and a few examples each. It changes nothing; the organisers decide, and remove with
// `npm run subscribers -- remove EMAIL`. (Suppressed addresses are the sender's own report.)
import { isDisposableEmailDomain } from 'disposable-email-domains-js';
import { domainAndParents, isAcceptableSignup } from '../../../common/normalise-signup.ts';
import { usableFirstName } from '../mail/greeting.ts';
import { formatCount, shellQuote } from '../../output/say.ts';
import type { ListRow } from '../../read-signups.ts';

const EXAMPLES = 5;
/** This many sign-ups or more in one clock minute is a burst (a script, or a class at once). */
const BURST_PER_MINUTE = 10;

// Mailboxes of a role or a machine, not of a person who asked to hear from us (RFC 2142 and
// the usual ones). Compared without a +tag.
// prettier-ignore
const ROLE_LOCAL_PARTS = new Set([
  'abuse', 'admin', 'administrator', 'billing', 'contact', 'enquiries', 'help', 'hostmaster',
  'info', 'mail', 'mailer-daemon', 'marketing', 'no-reply', 'noc', 'noreply', 'office',
  'postmaster', 'root', 'sales', 'security', 'support', 'team', 'webmaster',
]);

const localOf = (email: string) => email.slice(0, email.lastIndexOf('@')).replace(/\+.*$/, '');

/** The domain, or a parent of it, is on the maintained list of disposable-mail domains. */
export const isDisposable = (email: string) =>
  domainAndParents(email).some((domain) => isDisposableEmailDomain(domain));

export const isRoleAddress = (email: string) => ROLE_LOCAL_PARTS.has(localOf(email));

function bursts(rows: ListRow[]): Finding {
  const byMinute = Map.groupBy(rows, (row) => new Date(row.created_at).toISOString().slice(0, 16));
  const busy = [...byMinute].filter(([, r]) => r.length >= BURST_PER_MINUTE);
  busy.sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
  return {
    title: `sign-up bursts (${BURST_PER_MINUTE} or more in one minute)`,
    count: busy.reduce((sum, [, r]) => sum + r.length, 0),
    examples: busy.slice(0, EXAMPLES).map(([minute, r]) => {
      const some = r.slice(0, 3).map((x) => x.email);
      return `${minute.replace('T', ' ')} UTC: ${r.length} sign-ups (${some.join(', ')}${r.length > 3 ? ', …' : ''})`;
    }),
  };
}

/** The command that takes `email` off the list, safe to paste into a shell. */
const removeCommand = (email: string) => `npm run subscribers -- remove ${shellQuote(email)}`;

/** What looks wrong: how many sign-ups it concerns, and up to `limit` of them as lines to print. */
function matching(
  title: string,
  rows: ListRow[],
  show: (row: ListRow) => string,
  limit = EXAMPLES,
) {
  return { title, count: rows.length, examples: rows.slice(0, limit).map(show) };
}

type Finding = ReturnType<typeof matching>;

/** Everything that looks wrong, in a fixed order. Pure: the list is only read. */
export function checkList(rows: ListRow[]): Finding[] {
  return [
    bursts(rows),
    matching(
      'disposable-mail domains',
      rows.filter((r) => isDisposable(r.email)),
      (r) => removeCommand(r.email),
    ),
    matching(
      'role addresses',
      rows.filter((r) => isRoleAddress(r.email)),
      (r) => removeCommand(r.email),
    ),
    matching(
      'first names the greeting will not use (they get the fallback)',
      rows.filter((r) => r.first_name !== null && usableFirstName(r.first_name) === null),
      (r) => `${JSON.stringify(r.first_name)} (${r.email})`,
    ),
    // Rows stored before the table refused them (migrations 20261127100000, 20261127180000):
    // every one, with the command that removes it, since no relay takes such an address and such
    // a name greets nobody.
    matching(
      'sign-ups the list refuses today (an address no relay takes, a name with control characters)',
      rows.filter((r) => !isAcceptableSignup(r)),
      (r) => removeCommand(r.email),
      Infinity,
    ),
  ];
}

export function formatFindings(findings: Finding[]): string {
  const lines = ['List check (changes nothing):'];
  for (const f of findings) {
    lines.push(`  ${f.title}: ${formatCount(f.count)}`);
    for (const example of f.examples) lines.push(`    ${example}`);
  }
  lines.push(
    findings.some((f) => f.count > 0)
      ? '  To take someone off the list before sending: npm run subscribers -- remove EMAIL'
      : '  Nothing looks wrong.',
  );
  return lines.join('\n');
}
