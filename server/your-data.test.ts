// /your-data on the real app over a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL
// is set): what the page shows after a campaign, each form, what erase leaves row by row, and a
// stranger's thousand wrong tokens.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signupFormAction } from '../common/signup-contract.ts';
import { createYourDataHandler } from '../common/your-data-handler.ts';
import type { AskDatabase } from '../common/link-page.ts';
import { createFunctionCaller } from './db/call-function.ts';
import { LIST_KEPT_UNTIL_LONG } from '../content/privacy.ts';
import type { Db } from '../platform/db/types.ts';
import { ANON, clientHeaders, ENDPOINT, storedEmails, testApp } from '../test-support/app.ts';
import { testDatabases } from '../test-support/databases.ts';
import { REFUSED_FIRST_NAMES } from '../test-support/unrelayable.ts';
import { tokenOf as tokenOfIn } from '../test-support/unsubscribe.ts';

const url = (token: string) => `http://localhost/your-data?token=${encodeURIComponent(token)}`;
const post = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

for (const database of testDatabases()) {
  describe(`your data (${database.name})`, () => {
    let db: Db;
    let app: ReturnType<typeof testApp>;
    beforeAll(async () => {
      db = await database.open();
      app = testApp(db);
    });
    afterAll(() => database.dispose(db));

    const tokenOf = (email: string) => tokenOfIn(db, email);
    /** What the handler answers, the same on every database: checked on the embedded one. */
    const handlerCase = (title: string, test: () => Promise<void>) =>
      database.name === 'pglite' && it(title, test);
    const count = async (sql: string) =>
      Number((await db.query<{ n: string }>(`select count(*) as n from ${sql}`)).rows[0].n);
    const events = async () =>
      (
        await db.query<{ kind: string }>(
          'select kind from public.tedxcommunity_your_data_events order by at, kind',
        )
      ).rows.map((r) => r.kind);

    beforeEach(async () => {
      await database.reset(db);
      await db.exec(`delete from public.tedxcommunity_deliveries; delete from public.tedxcommunity_late_reports;
        delete from public.tedxcommunity_suppressed; delete from public.tedxcommunity_unsubscribed;
        delete from public.tedxcommunity_your_data_events;`);
      // Ann with the page's script (and a shared link's source), Bob with the form alone.
      const script = await app.request(ENDPOINT, {
        method: 'POST',
        headers: clientHeaders(ANON, { Prefer: 'return=minimal' }),
        body: JSON.stringify({ email: 'ann@example.org', first_name: 'Ann', source: 'whatsapp' }),
      });
      expect(script.status).toBe(201);
      const form = await app.request(
        new URL(signupFormAction(undefined, ANON), 'http://localhost'),
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: 'email=bob%40example.org&first_name=&website=',
        },
      );
      expect(form.status).toBe(303);
      // The launch campaign reached Ann, with a late delay report; Bob's server refused it later.
      await db.exec(`
        insert into public.tedxcommunity_deliveries (campaign, email_hash, status)
          select c, public.tedxcommunity_email_hash(e), 'sent'
          from (values ('launch', 'ann@example.org'), ('launch', 'bob@example.org'),
                       ('reminder', 'ann@example.org')) v(c, e);
        insert into public.tedxcommunity_late_reports (report_id, campaign, email_hash, kind, acted)
          values ('\\x01', 'launch', public.tedxcommunity_email_hash('ann@example.org'), 'soft', false),
                 ('\\x02', 'launch', public.tedxcommunity_email_hash('bob@example.org'), 'hard', true);
        insert into public.tedxcommunity_suppressed (email, reason, cause)
          values ('bob@example.org', '550 5.1.1 no such user', 'late bounce');`);
    });

    it('shows what is held, changes nothing, and answers as a link page must', async () => {
      const before = await count('public.tedxcommunity_deliveries');
      const res = await app.request(url(await tokenOf('ann@example.org')));
      expect(res.status).toBe(200);
      const page = await res.text();
      for (const fact of [
        'ann@example.org',
        '<dd>Ann</dd>',
        'with the sign-up form on the page (with JavaScript)',
        'marked “whatsapp”',
        '“launch”',
        '“reminder”',
        'your mail server reported a delay',
        `by ${LIST_KEPT_UNTIL_LONG} at the latest`,
        '<dd>No.</dd>',
      ])
        expect(page).toContain(fact);
      expect(page).not.toContain('bob@example.org');
      // Nothing on it reaches another origin: no script, no image, no absolute link.
      expect(page).not.toMatch(/<script|<img|src=|href="https?:|action="https?:| style=/i);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('x-robots-tag')).toBe('noindex');
      expect(page).toContain('<meta name="robots" content="noindex">');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/style-src 'self' 'sha256-[^']+'; /);
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("form-action 'self'");
      expect(await count('public.tedxcommunity_deliveries')).toBe(before);
      expect(await events()).toEqual([]);

      const bob = await (await app.request(url(await tokenOf('bob@example.org')))).text();
      expect(bob).toContain('with the sign-up form, without JavaScript');
      expect(bob).toContain('<dd>none given</dd>');
      expect(bob).toContain('your mail server returned it later as undeliverable');
      expect(bob).toContain('your mail server returned our mail as undeliverable');
    });

    handlerCase(
      'shows the page to the site’s form, by the code or the whole link pasted, with or without the slash',
      async () => {
        const token = await tokenOf('ann@example.org');
        for (const pasted of [
          token,
          ` ${token} `,
          `https://tedx.example/your-data/?token=${token}`,
        ]) {
          const res = await app.request(
            'http://localhost/your-data',
            post({ action: 'show', token: pasted }),
          );
          expect(res.status).toBe(200);
          expect(await res.text()).toContain('ann@example.org');
        }
        const slash = await app.request(`http://localhost/your-data/?token=${token}`);
        expect(await slash.text()).toContain('ann@example.org');
        const nobody = await app.request(
          'http://localhost/your-data/',
          post({ action: 'show', token: 'x' }),
        );
        expect(nobody.status).toBe(404);
      },
    );

    it('corrects the first name by the sign-up form’s rules, and counts a change', async () => {
      const token = await tokenOf('ann@example.org');
      const saved = await app.request(url(token), post({ action: 'name', first_name: ' Amara ' }));
      expect(saved.status).toBe(200);
      const page = await saved.text();
      expect(page).toContain('Saved. We will greet you as Amara.');
      expect(page).toContain('value="Amara"');
      // The same name again is no correction.
      await app.request(url(token), post({ action: 'name', first_name: 'Amara' }));
      expect(await events()).toEqual(['corrected']);
      for (const [label, name] of [
        ...REFUSED_FIRST_NAMES,
        ['101 letters', 'a'.repeat(101)] as [string, string],
      ]) {
        const refused = await app.request(url(token), post({ action: 'name', first_name: name }));
        expect(refused.status, label).toBe(400);
        expect(await refused.text(), label).toContain('That first name was not saved');
      }
      const none = await app.request(url(token), post({ action: 'name', first_name: '  ' }));
      expect(await none.text()).toContain('We will greet you without a name.');
      const { rows } = await db.query<{ first_name: string | null }>(
        'select first_name from public.tedxcommunity_emails order by id',
      );
      expect(rows.map((r) => r.first_name)).toEqual([null, null]);
      expect(await events()).toEqual(['corrected', 'corrected']);
    });

    it('downloads everything the page shows as one JSON file', async () => {
      const token = await tokenOf('ann@example.org');
      const res = await app.request(url(token), post({ action: 'download' }));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.headers.get('content-disposition')).toMatch(
        /^attachment; filename="[^"]+\.json"$/,
      );
      expect(res.headers.get('cache-control')).toBe('no-store');
      const held = (await res.json()) as Record<string, unknown>;
      expect(held).toMatchObject({
        email: 'ann@example.org',
        first_name: 'Ann',
        signed_up_with: 'script',
        source: 'whatsapp',
        suppressed: null,
        list_deleted_by: LIST_KEPT_UNTIL_LONG,
      });
      expect(held.mails).toEqual([
        expect.objectContaining({
          campaign: 'launch',
          outcome: 'sent',
          late_reports: [expect.objectContaining({ kind: 'soft' })],
        }),
        expect.objectContaining({ campaign: 'reminder', outcome: 'sent', late_reports: [] }),
      ]);
      expect(await events()).toEqual(['downloaded']);
    });

    it('leaves the list as the unsubscribe link does, then erases what remains', async () => {
      const token = await tokenOf('ann@example.org');
      const left = await app.request(url(token), post({ action: 'leave' }));
      expect(await left.text()).toContain('You have left the list');
      expect(await storedEmails(db)).toEqual(['bob@example.org']);
      // The link now offers to erase the record of the mails, which stays until then.
      const again = await app.request(url(token));
      expect(again.status).toBe(200);
      expect(await again.text()).toContain('You have left the list');
      const ask = await app.request(url(token), post({ action: 'erase' }));
      expect(await ask.text()).toContain('Erase everything?');
      expect(await count('public.tedxcommunity_deliveries')).toBe(3);
      const erased = await app.request(url(token), post({ action: 'erase', confirm: 'yes' }));
      expect(await erased.text()).toContain('the record of 2 mails we sent you are gone');
      expect(await count('public.tedxcommunity_deliveries')).toBe(1);
      expect(await count('public.tedxcommunity_late_reports')).toBe(1);
      expect(await count('public.tedxcommunity_unsubscribed where email_hash is not null')).toBe(0);
      expect((await app.request(url(token))).status).toBe(404);
    });

    it('erases a sign-up, and keeps a suppression and says so: what erase leaves, row by row', async () => {
      const token = await tokenOf('bob@example.org');
      const res = await app.request(url(token), post({ action: 'erase', confirm: 'yes' }));
      expect(res.status).toBe(200);
      const page = await res.text();
      expect(page).toContain('the record of one mail we sent you are gone');
      expect(page).toContain('a one-way fingerprint (hash) of your address');
      const rows = async (table: string) =>
        (await db.query(`select * from public.tedxcommunity_${table}`)).rows;
      const annHash = "public.tedxcommunity_email_hash('ann@example.org')";
      expect(await storedEmails(db)).toEqual(['ann@example.org']);
      expect(await count(`public.tedxcommunity_deliveries where email_hash <> ${annHash}`)).toBe(0);
      expect(await count(`public.tedxcommunity_late_reports where email_hash <> ${annHash}`)).toBe(
        0,
      );
      // The suppression without the address or the mail server's words: its hash, why, when.
      expect(await rows('suppressed')).toEqual([]);
      const bobHash = "public.tedxcommunity_email_hash('bob@example.org')";
      expect(
        await count(`public.tedxcommunity_suppressed_hashes where email_hash = ${bobHash}
          and cause = 'late bounce'`),
      ).toBe(1);
      expect(await rows('unsubscribed')).toEqual([]);
      expect(await events()).toEqual(['erased']); // and the day: nothing about who
      expect((await app.request(url(token))).status).toBe(404);

      // Signed up again, Bob is still never mailed, and his page says why; `forget` lifts it.
      await db.exec(`insert into public.tedxcommunity_emails (email) values ('bob@example.org')`);
      const { rows: status } = await db.query<{ pending: string; suppressed: string }>(
        `select * from public.tedxcommunity_announce_status('next')`,
      );
      expect([status[0].pending, status[0].suppressed].map(Number)).toEqual([1, 1]);
      const again = await app.request(url(await tokenOf('bob@example.org')));
      expect(await again.text()).toContain('your mail server returned our mail as undeliverable');
      const { rows: forgot } = await db.query<{ f: { suppressed: boolean } }>(
        `select public.tedxcommunity_forget('bob@example.org') as f`,
      );
      expect(forgot[0].f).toEqual({ on_list: true, suppressed: true });
      expect(await count('public.tedxcommunity_suppressed_hashes')).toBe(0);
    });

    handlerCase(
      'a thousand wrong tokens get one answer, and malformed ones ask about no token',
      async () => {
        const ann = await tokenOf('ann@example.org');
        const bob = await tokenOf('bob@example.org');
        await app.request(url(bob), post({ action: 'erase', confirm: 'yes' }));
        const asked: string[] = [];
        const call = createFunctionCaller();
        const forward: AskDatabase = async (fn, args) => {
          asked.push(args.token);
          const body = await db.transactionAs('anon', (tx) => call(tx, 'anon', fn, args));
          return body === null ? null : JSON.parse(body);
        };
        const handle = createYourDataHandler({ ask: forward });
        const wrong = [
          bob, // erased
          `${ann.slice(0, -1)}${ann.endsWith('0') ? '1' : '0'}`, // altered
          ann.toUpperCase().replace(/-/g, ''), // no hyphens
          'x'.repeat(100_000),
          "'); drop table public.tedxcommunity_emails; --",
          'Ann\u001b]52;c;aGVsbG8=\u0007',
          'يونيكود',
          '',
          ...Array.from({ length: 992 }, () => crypto.randomUUID()),
        ];
        const answers = new Set<string>();
        for (const [i, token] of wrong.entries()) {
          for (const init of i < 8 ? [undefined, post({ action: 'download' })] : [undefined]) {
            const res = await handle(new Request(url(token), init));
            answers.add(`${res.status} ${res.headers.get('content-length')} ${await res.text()}`);
          }
        }
        expect(answers.size).toBe(1);
        expect([...answers][0]).toMatch(/^404 .*This link is no longer valid/s);
        // A malformed token reaches the database as '' (null in SQL: no row read), never as sent.
        expect(asked.filter((t) => t !== '' && !/^[0-9a-f-]{36}$/i.test(t))).toEqual([]);
        expect(await storedEmails(db)).toEqual(['ann@example.org']);
        expect(await events()).toEqual(['erased']);
      },
    );

    handlerCase('refuses a form too long or not its own, and counts every request', async () => {
      const token = await tokenOf('ann@example.org');
      const long = await app.request(
        url(token),
        post({ action: 'name', first_name: 'a'.repeat(5000) }),
      );
      expect(long.status).toBe(413);
      expect(long.headers.get('referrer-policy')).toBe('no-referrer');
      const bogus = await app.request(url(token), post({ action: 'delete-everyone' }));
      expect(bogus.status).toBe(400);
      expect(await storedEmails(db)).toEqual(['ann@example.org', 'bob@example.org']);
      const limited = testApp(db, { requestRateLimit: 2 });
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await limited.request(url(token))).status);
      expect(statuses).toEqual([200, 200, 429]);
    });
  });
}
