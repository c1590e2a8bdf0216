// The pictures that `npm run audit` and `npm run bench` write, opened in Chromium from disk as
// whoever ran them opens them: at 390 and 1280 px, with every request other than the file itself
// refused and recorded, the drawing for that width shown, and axe finding nothing.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { auditPictureHtml } from '../scripts/audit-picture.ts';
import { budgetMisses } from '../scripts/audit-report.ts';
import { benchPictureHtml } from '../scripts/bench-picture.ts';
import { AUDIT, BENCH } from '../test-support/picture-figures.ts';
import { DESKTOP, PHONE, expect, expectNoAxeViolations, openOffline, test } from './fixtures';

const dir = mkdtempSync(join(tmpdir(), 'tedx-pictures-e2e-'));
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

const rows = [AUDIT.home, AUDIT.about];
const pictures = {
  audit: auditPictureHtml(rows, AUDIT.floor, {
    madeAt: '2026-11-25 21:00 UTC',
    how: 'Known figures.',
    misses: rows.flatMap((row) => budgetMisses(row, AUDIT.floor)),
  }),
  bench: benchPictureHtml(BENCH),
};

for (const [name, html] of Object.entries(pictures)) {
  for (const [device, viewport] of [
    ['phone', PHONE],
    ['laptop', DESKTOP],
  ] as const) {
    test(`the ${name} picture on a ${device} (${viewport.width} px): offline, readable, accessible`, async ({
      page,
    }, testInfo) => {
      const file = join(dir, `${name}.html`);
      writeFileSync(file, html);
      await page.setViewportSize(viewport);
      const { url, requested } = await openOffline(page, file);

      const [shown, hidden] = device === 'phone' ? ['.narrow', '.wide'] : ['.wide', '.narrow'];
      const charts = page.locator(`figure ${shown} svg`);
      expect(await charts.count()).toBeGreaterThanOrEqual(4);
      for (const svg of await charts.all()) await expect(svg).toBeVisible();
      await expect(page.locator(hidden).first()).toBeHidden();
      // Nothing runs off the side of a phone.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
      await expect(page.locator('.notes li')).toHaveCount(name === 'audit' ? 3 : 2);

      await page.screenshot({
        path: testInfo.outputPath(`${name}-${viewport.width}.png`),
        fullPage: true,
      });
      for (const summary of await page.locator('summary').all()) await summary.click();
      await expectNoAxeViolations(page);
      expect(requested).toEqual([url]);
    });
  }
}
