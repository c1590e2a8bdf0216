// "Your data" from a received mail, with JavaScript and without: sign up with a first name on the
// site, get a campaign from a real SMTP server, open the mail's link, see the address, the name
// and the campaign; correct the name and be greeted by it in the next campaign; download the JSON
// and compare it with the page; erase, and the next campaign does not mail that address; the link
// then holds nothing. On a server of its own (the list is this file's alone), one campaign for
// both visitors at a time.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
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

test.describe.configure({ mode: 'serial' });
test.use({ viewport: PHONE });

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
async function announce(campaign: string) {
  const run = await runCli(['cli/announce.ts', '--campaign', campaign, '--yes'], {
    ...list.env,
    MAIL_FROM: 'TEDxKampalaBS <hello@tedx.test>',
    SITE_URL: origin(),
    ANNOUNCE_RATE: '0',
    SMTP_URL: sink.url(),
  });
  expect(run.code, run.stderr).toBe(0);
}
const mailsTo = (email: string) =>
  sink.messages.filter((m) => m.to === email).map((m) => decoded(m));
const linkIn = (mail = '') => YOUR_DATA_LINE.exec(mail)?.[1] ?? '';

test('from the mail, with JavaScript and without: see, correct, download, erase', async ({
  page,
  browser,
  consoleGuard,
}) => {
  test.setTimeout(120_000);
  consoleGuard.allow(failedResourcePattern(404)); // the erased link's own answer
  const noScript = await (
    await browser.newContext({ javaScriptEnabled: false, viewport: PHONE })
  ).newPage();
  const visitors = [
    { page, js: true, email: uniqueEmail('your-data-js'), name: 'Amara', corrected: 'Ama' },
    {
      page: noScript,
      js: false,
      email: uniqueEmail('your-data-nojs'),
      name: 'Okello',
      corrected: 'Oke',
    },
  ];
  const main = (p: Page) => p.getByRole('main');

  for (const v of visitors) {
    await v.page.goto(`${origin()}/#email-signup`, { waitUntil: 'domcontentloaded' });
    const form = v.page.locator('#email-signup');
    await form.getByRole('textbox', { name: /first name/i }).fill(v.name);
    await form.getByRole('textbox', { name: /email/i }).fill(v.email);
    await form.getByRole('button', { name: 'Notify Me' }).click();
    await expect(v.page.getByText('Thanks for subscribing!')).toBeVisible();
  }
  await announce('launch');
  for (const v of visitors) {
    const [launch] = mailsTo(v.email);
    expect(launch).toMatch(new RegExp(`^Hi ${v.name},`, 'm'));
    const link = linkIn(launch);
    expect(link.startsWith(`${origin()}/your-data/?token=`)).toBe(true);
    await v.page.goto(link);
    for (const fact of [v.email, v.name, '“launch”'])
      await expect(main(v.page)).toContainText(fact);
    await expect(main(v.page)).toContainText(
      v.js ? 'on the page (with JavaScript)' : 'without JavaScript',
    );
    // axe and the width check run in the page: with JavaScript (the page itself has none).
    if (v.js) {
      await expectNoAxeViolations(v.page);
      const overflow = await v.page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    }
    await main(v.page)
      .getByLabel(/first name/i)
      .fill(v.corrected);
    await main(v.page).getByRole('button', { name: 'Save' }).click();
    await expect(v.page.getByRole('status')).toHaveText(
      `Saved. We will greet you as ${v.corrected}.`,
    );
  }

  await announce('reminder');
  for (const v of visitors) {
    expect(mailsTo(v.email)[1]).toMatch(new RegExp(`^Hi ${v.corrected},`, 'm'));
    await v.page.reload();
    const shown = await main(v.page).innerText();
    const downloading = v.page.waitForEvent('download');
    await main(v.page).getByRole('button', { name: 'Download' }).click();
    const download = await downloading;
    const held = JSON.parse(readFileSync((await download.path()) ?? '', 'utf8')) as {
      email: string;
      first_name: string;
      mails: { campaign: string; outcome: string }[];
    };
    expect(held).toMatchObject({ email: v.email, first_name: v.corrected });
    expect(held.mails.map((m) => [m.campaign, m.outcome])).toEqual([
      ['launch', 'sent'],
      ['reminder', 'sent'],
    ]);
    for (const fact of [held.email, held.first_name, ...held.mails.map((m) => m.campaign)])
      expect(shown).toContain(fact);

    await main(v.page).getByRole('button', { name: 'Erase…' }).click();
    await expect(v.page.getByRole('heading', { level: 1 })).toHaveText('Erase everything?');
    await v.page.getByRole('button', { name: 'Erase everything' }).click();
    await expect(v.page.getByRole('heading', { level: 1 })).toHaveText('Erased');
  }

  await announce('tickets');
  expect(mailsTo('person0@example.org')).toHaveLength(3);
  for (const v of visitors) {
    expect(mailsTo(v.email)).toHaveLength(2);
    const gone = await v.page.goto(linkIn(mailsTo(v.email)[0]));
    expect(gone?.status()).toBe(404);
    await expect(v.page.getByRole('heading', { level: 1 })).toHaveText(
      'This link is no longer valid',
    );
  }
  await noScript.context().close();
});

test('on a static host, the site’s page hands the link to the Edge Function', async ({
  browser,
}) => {
  // The built /your-data/ page as a static host serves it, at an origin of its own; what it
  // posts goes to the handler the Edge Function runs (here the own server's route, the same
  // code: server/edge-deno.test.ts), as does everything else the page loads.
  const STATIC = 'https://static.test';
  const built = readFileSync(
    fileURLToPath(new URL('../dist/your-data/index.html', import.meta.url)),
  );
  const link = linkIn(mailsTo('person0@example.org')[0]);
  const token = new URL(link).searchParams.get('token') ?? '';
  expect(token).toMatch(/^[0-9a-f-]{36}$/);

  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ javaScriptEnabled, viewport: PHONE });
    await context.route(`${STATIC}/**`, async (route) => {
      const url = new URL(route.request().url());
      if (route.request().method() === 'GET' && url.pathname === '/your-data/')
        return route.fulfill({ body: built, contentType: 'text/html; charset=utf-8' });
      return route.fulfill({
        response: await route.fetch({ url: `${origin()}${url.pathname}${url.search}` }),
      });
    });
    const page = await context.newPage();
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
    await expect(page.getByRole('main')).toContainText('“tickets”');
    // The token left the static page's address before it was sent.
    expect(page.url()).toBe(`${STATIC}/your-data`);
    await context.close();
  }
});
