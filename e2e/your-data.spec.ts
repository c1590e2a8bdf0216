// "Your data" from a received mail, with JavaScript and without: sign up with a first name on the
// site, get a campaign from a real SMTP server, open the mail's link, see the address, the name
// and the campaign; correct the name and be greeted by it in the next campaign; download the JSON
// and compare it with the page; erase, and the next campaign does not mail that address; the link
// then holds nothing. On a server of its own (the list is this test's alone).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { decoded, listOn, type ListBackend } from '../test-support/announce-lists.ts';
import { runCli } from '../test-support/server-process.ts';
import { startSmtpSink, type SmtpSink } from '../test-support/smtp-sink.ts';
import {
  PHONE,
  expect,
  expectNoAxeViolations,
  failedResourcePattern,
  test,
  uniqueEmail,
} from './fixtures';

const YOUR_DATA_LINE = /Your data \(see, correct or erase what we hold\): (\S+)/;

for (const javaScriptEnabled of [true, false]) {
  test.describe(`Your data, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled, viewport: PHONE });
    let list: ListBackend;
    let sink: SmtpSink;
    test.beforeAll(async () => {
      list = await listOn('running server', 1);
      sink = await startSmtpSink({ keep: true });
    });
    test.afterAll(async () => {
      await sink?.close();
      await list?.dispose();
    });

    const origin = () => list.server?.origin ?? '';
    const announce = async (campaign: string) => {
      const run = await runCli(['cli/announce.ts', '--campaign', campaign, '--yes'], {
        ...list.env,
        MAIL_FROM: 'TEDxKampalaBS <hello@tedx.test>',
        SITE_URL: origin(),
        ANNOUNCE_RATE: '0',
        SMTP_URL: sink.url(),
      });
      expect(run.code, run.stderr).toBe(0);
    };
    const mailsTo = (email: string) =>
      sink.messages.filter((m) => m.to === email).map((m) => decoded(m));

    test('from the mail: see, correct, download, erase', async ({ page, consoleGuard }) => {
      test.setTimeout(90_000);
      consoleGuard.allow(failedResourcePattern(404)); // the erased link's own answer
      const email = uniqueEmail(javaScriptEnabled ? 'your-data-js' : 'your-data-nojs');

      await page.goto(`${origin()}/#email-signup`, { waitUntil: 'domcontentloaded' });
      const form = page.locator('#email-signup');
      await form.getByRole('textbox', { name: /first name/i }).fill('Amara');
      await form.getByRole('textbox', { name: /email/i }).fill(email);
      await form.getByRole('button', { name: 'Notify Me' }).click();
      await expect(page.getByText('Thanks for subscribing!')).toBeVisible();

      await announce('launch');
      const [launch] = mailsTo(email);
      expect(launch).toMatch(/^Hi Amara,/m);
      const link = YOUR_DATA_LINE.exec(launch)?.[1] ?? '';
      expect(link.startsWith(`${origin()}/your-data/?token=`)).toBe(true);

      await page.goto(link);
      const main = page.getByRole('main');
      await expect(main).toContainText(email);
      await expect(main).toContainText('Amara');
      await expect(main).toContainText('“launch”');
      await expect(main).toContainText(
        javaScriptEnabled ? 'on the page (with JavaScript)' : 'without JavaScript',
      );
      // axe and the width check run in the page: with JavaScript (the page itself has none).
      if (javaScriptEnabled) {
        await expectNoAxeViolations(page);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
      }

      await main.getByLabel(/first name/i).fill('Ama');
      await main.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('status')).toHaveText('Saved. We will greet you as Ama.');
      await announce('reminder');
      expect(mailsTo(email)[1]).toMatch(/^Hi Ama,/m);

      await page.reload();
      const shown = await main.innerText();
      const downloading = page.waitForEvent('download');
      await main.getByRole('button', { name: 'Download' }).click();
      const download = await downloading;
      const held = JSON.parse(readFileSync((await download.path()) ?? '', 'utf8')) as {
        email: string;
        first_name: string;
        mails: { campaign: string; outcome: string }[];
      };
      expect(held).toMatchObject({ email, first_name: 'Ama' });
      expect(held.mails.map((m) => [m.campaign, m.outcome])).toEqual([
        ['launch', 'sent'],
        ['reminder', 'sent'],
      ]);
      for (const fact of [held.email, held.first_name, ...held.mails.map((m) => m.campaign)])
        expect(shown).toContain(fact);

      await main.getByRole('button', { name: 'Erase…' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Erase everything?');
      await page.getByRole('button', { name: 'Erase everything' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Erased');

      await announce('tickets');
      expect(mailsTo(email)).toHaveLength(2);
      expect(sink.messages.filter((m) => m.to === 'person0@example.org')).toHaveLength(3);
      const gone = await page.goto(link);
      expect(gone?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'This link is no longer valid',
      );
    });

    test('on a static host, the site’s page hands the link to the Edge Function', async ({
      page,
    }) => {
      // The built /your-data/ page as a static host serves it, at an origin of its own; what it
      // posts goes to the handler the Edge Function runs (here the own server's route, the same
      // code: server/edge-deno.test.ts), as does everything else the page loads.
      const STATIC = 'https://static.test';
      const built = readFileSync(
        fileURLToPath(new URL('../dist/your-data/index.html', import.meta.url)),
      );
      await page.route(`${STATIC}/**`, async (route) => {
        const url = new URL(route.request().url());
        if (route.request().method() === 'GET' && url.pathname === '/your-data/')
          return route.fulfill({ body: built, contentType: 'text/html; charset=utf-8' });
        return route.fulfill({
          response: await route.fetch({ url: `${origin()}${url.pathname}${url.search}` }),
        });
      });
      await announce('static');
      const link = YOUR_DATA_LINE.exec(mailsTo('person0@example.org').at(-1) ?? '')?.[1] ?? '';
      const token = new URL(link).searchParams.get('token') ?? '';
      expect(token).toMatch(/^[0-9a-f-]{36}$/);

      if (javaScriptEnabled) {
        await page.goto(`${STATIC}/your-data/`);
        await expectNoAxeViolations(page);
      }
      await page.goto(`${STATIC}/your-data/?token=${token}`);
      if (!javaScriptEnabled) {
        // The person pastes the code (or the whole link) and sends it.
        await page.getByLabel('The code from your link').fill(link);
        await page.getByRole('button', { name: 'Show what you hold about me' }).click();
      }
      await expect(page.getByRole('main')).toContainText('person0@example.org');
      await expect(page.getByRole('main')).toContainText('“static”');
      // The token left the static page's address before it was sent.
      expect(page.url()).toBe(`${STATIC}/your-data`);
    });
  });
}
