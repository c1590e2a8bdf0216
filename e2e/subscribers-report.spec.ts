// `npm run subscribers -- report` opened in Chromium from disk, as an organiser opens the file
// they were sent: at 390 and 1280 px, with every request other than the file itself refused and
// recorded, axe finding nothing, and the charts holding the numbers of a known list.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { retentionNotice } from '../platform/retention.ts';
import { seedPgliteDir } from '../test-support/databases.ts';
import { seedReportList, type Seeded } from '../test-support/report-seed.ts';
import { runCli } from '../test-support/server-process.ts';
import { DESKTOP, PHONE, expect, expectNoAxeViolations, openOffline, test } from './fixtures';

// One list and one file for both widths; generous times for a busy 2-core machine.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let dir = '';
let file = '';
let seeded: Seeded;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  dir = mkdtempSync(join(tmpdir(), 'tedx-report-e2e-'));
  await seedPgliteDir(dir, async (db) => (seeded = await seedReportList(db)));
  file = join(dir, 'report.html');
  const result = await runCli(['cli/subscribers.ts', 'report', '--out', file], { DATA_DIR: dir });
  expect(result.code, result.stderr).toBe(0);
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

for (const [name, viewport] of [
  ['phone', PHONE],
  ['laptop', DESKTOP],
] as const) {
  test(`the report on a ${name} (${viewport.width} px): offline, accessible, the list's numbers`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    const { url, requested } = await openOffline(page, file);
    expect(requested).toEqual([url]);

    // The visible drawing of each chart: the phone's on a phone, the laptop's on a laptop.
    const [shown, hidden] = name === 'phone' ? ['.narrow', '.wide'] : ['.wide', '.narrow'];
    await expect(page.locator(shown).first()).toBeVisible();
    await expect(page.locator(hidden).first()).toBeHidden();
    const titles = (id: string) => page.locator(`#${id} ${shown} svg title`).allTextContents();

    await expect(page.locator('.stats li').first()).toHaveText(`${seeded.total}on the list`);
    // Once the privacy page's day has passed, the first thing under the figures says so.
    const overdue = await retentionNotice(() => seeded.total);
    await expect(page.locator('.notes li')).toHaveText(overdue ? [overdue] : []);
    const perDay = await titles('per-day');
    for (const { day, n } of seeded.perDay) {
      expect(perDay).toContain(`${day}: ${n} ${n === 1 ? 'sign-up' : 'sign-ups'}`);
    }
    expect(await titles('growth')).toContain(
      `${seeded.perDay.at(-1)?.day}: ${seeded.total} in all`,
    );
    const sources = await titles('sources');
    for (const [source, n] of seeded.bySource)
      expect(sources).toContain(`${source ?? '(none)'}: ${n}`);
    const hours = await titles('hours');
    seeded.byHour.forEach((n, h) => {
      const hh = String(h).padStart(2, '0');
      expect(hours).toContain(`${hh}:00–${hh}:59: ${n}`);
    });
    const leaving = await titles('leaving');
    for (const [day, n] of seeded.unsubscribes)
      expect(leaving).toContain(`${day}: ${n} unsubscribed`);
    const campaigns = await titles('campaigns');
    for (const c of seeded.campaigns) {
      expect(campaigns).toContain(`${c.campaign}, sent: ${c.sent}`);
      expect(campaigns).toContain(`${c.campaign}, left: ${c.left}`);
      if (c.failed) expect(campaigns).toContain(`${c.campaign}, failed: ${c.failed}`);
    }
    await page.screenshot({
      path: testInfo.outputPath(`report-${viewport.width}.png`),
      fullPage: true,
    });
    // The text alternative: each chart's table, opened.
    for (const summary of await page.locator('summary').all()) await summary.click();
    await expect(page.locator('#sources tbody tr')).toHaveCount(seeded.bySource.size);
    await expect(page.locator('#campaigns tbody tr').first()).toContainText('launch');

    await expectNoAxeViolations(page);
    expect(requested).toEqual([url]);
  });
}
