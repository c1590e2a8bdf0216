// `npm run og`: renders the share image and icons in public/ in the machine's Chromium, from the
// event's name and date (content/event.ts) and the theme's colours. Run it after changing
// them, then commit the PNGs.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { SHARE_IMAGE_MAX_BYTES } from '../content/share-preview.ts';
import { CHROMIUM_ARGS, findChromium } from './find-chromium.ts';
import { faviconSvg, icon, shareCard } from './og-pages.ts';

const publicDir = join(import.meta.dirname, '..', 'public');

async function screenshot(browser: Browser, html: string, width: number, height: number) {
  const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 });
  try {
    await page.setContent(html);
    await page.evaluate(() => document.fonts.ready);
    return await page.screenshot({ omitBackground: true });
  } finally {
    await page.close();
  }
}

/** An .ico holding one PNG image (supported by every browser that reads .ico). */
function pngToIco(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size >= 256 ? 0 : size, 6);
  header.writeUInt8(size >= 256 ? 0 : size, 7);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18); // image offset
  return Buffer.concat([header, png]);
}

const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
try {
  const write = async (name: string, html: string, width: number, height = width) =>
    writeFileSync(join(publicDir, name), await screenshot(browser, html, width, height));
  const card = await screenshot(browser, shareCard, 1200, 630);
  // Over WhatsApp's limit, a shared link would show no picture at all: keep the old image.
  if (card.length >= SHARE_IMAGE_MAX_BYTES) {
    console.error(
      `The share image came out at ${Math.round(card.length / 1000)} KB; WhatsApp shows none from ${SHARE_IMAGE_MAX_BYTES / 1000} KB. public/og-image.png is unchanged: simplify the card in scripts/og-pages.ts (fewer gradients, less texture) and run npm run og again.`,
    );
    process.exitCode = 1;
  } else {
    writeFileSync(join(publicDir, 'og-image.png'), card);
  }
  await write('apple-touch-icon.png', icon(180, 0.16, 0), 180);
  await write('icon-192.png', icon(192), 192);
  await write('icon-512.png', icon(512), 512);
  await write('icon-512-maskable.png', icon(512, 0.24, 0), 512);
  const favicon = await screenshot(browser, icon(32, 0.1, 0.18), 32, 32);
  writeFileSync(join(publicDir, 'favicon.ico'), pngToIco(favicon, 32));
  writeFileSync(join(publicDir, 'favicon.svg'), faviconSvg);
} finally {
  await browser.close();
}
console.log(
  process.exitCode
    ? 'Wrote the icons and favicons to public/ (not the share image: see above).'
    : 'Wrote og-image.png, icons and favicons to public/',
);
