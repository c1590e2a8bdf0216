// What the unsubscribe tests share: a mail provider's one-click POST (RFC 8058), two people on the
// list, and reading a person's token as only the service role can.
import type { Db } from '../platform/db/types.ts';

/** The request Gmail or Yahoo sends to the List-Unsubscribe URL: no cookie, no key. */
export const ONE_CLICK = {
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: 'List-Unsubscribe=One-Click',
  redirect: 'manual',
} as const;

export const seedAnnAndBob = (db: Db) =>
  db.exec(`insert into public.tedxcommunity_emails (email, first_name)
    values ('ann@example.org', 'Ann'), ('bob@example.org', null)`);

export async function tokenOf(db: Db, email: string): Promise<string> {
  const { rows } = await db.query<{ t: string }>(
    'select unsubscribe_token::text as t from public.tedxcommunity_emails where email = $1',
    [email],
  );
  return rows[0].t;
}
