// Renders the share image and icons in public/ with headless Chromium, from the event name and
// date in src/content/event.ts. Run after changing them, then commit the PNGs:
//   node src/og/render.ts            (CHROMIUM=/path/to/chrome to use another browser)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { EVENT_DATE_LONG, EVENT_SHORT_NAME } from '../content/event.ts';

const root = resolve(import.meta.dirname, '../..');
const publicDir = join(root, 'public');
const fontDir = join(root, 'node_modules/@fontsource');
const interDir = join(root, 'node_modules/@fontsource-variable/inter/files');
const chromium = process.env.CHROMIUM ?? '/usr/bin/chromium';

const RED = '#e62b1e';
const INK = '#0a0a0a';
const PREFIX = 'TEDx';
const rest = EVENT_SHORT_NAME.startsWith(PREFIX) ? EVENT_SHORT_NAME.slice(PREFIX.length) : '';

const fonts = `
  @font-face { font-family: Anton; src: url('file://${fontDir}/anton/files/anton-latin-400-normal.woff2'); }
  @font-face { font-family: Inter; font-weight: 100 900; src: url('file://${interDir}/inter-latin-wght-normal.woff2'); }
  * { margin: 0; box-sizing: border-box; }
  html, body { background: ${INK}; color: #f5f5f5; overflow: hidden; }
`;

const shareCard = `<!doctype html><html><head><style>${fonts}
  body { width: 1200px; height: 630px; font-family: Inter; position: relative;
    background: radial-gradient(ellipse 900px 520px at 100% 0%, ${RED}55, transparent 70%), ${INK}; }
  .x { position: absolute; right: -40px; bottom: -150px; font-family: Anton; font-size: 720px;
    line-height: 1; color: ${RED}; opacity: .16; }
  .wrap { position: absolute; inset: 72px 80px; display: flex; flex-direction: column; }
  .kicker { font-weight: 700; letter-spacing: .28em; text-transform: uppercase; font-size: 22px; color: #ff4a3d; }
  .name { font-family: Anton; font-size: 150px; line-height: 1; margin-top: 28px; }
  .name span { color: ${RED}; }
  .tag { font-size: 38px; font-weight: 600; margin-top: 26px; max-width: 900px; line-height: 1.2; }
  .date { margin-top: auto; font-family: Anton; font-size: 56px; letter-spacing: .02em; text-transform: uppercase; }
  .bar { position: absolute; left: 0; top: 0; bottom: 0; width: 14px; background: ${RED}; }
</style></head><body>
  <div class="bar"></div><div class="x">X</div>
  <div class="wrap">
    <p class="kicker">Independently organised TEDx event</p>
    <p class="name"><span>${PREFIX}</span>${rest}</p>
    <p class="tag">Ten extraordinary minds. One transformative stage.</p>
    <p class="date">${EVENT_DATE_LONG}</p>
  </div>
</body></html>`;

/** A square icon: a bold red X on near-black. `inset` leaves room for maskable safe zones. */
function icon(size: number, inset = 0.14, radius = 0.18) {
  return `<!doctype html><html><head><style>${fonts}
    body { width: ${size}px; height: ${size}px; background: ${INK}; border-radius: ${radius * size}px; }
    svg { position: absolute; inset: ${inset * size}px; }
  </style></head><body>
    <svg viewBox="0 0 100 100" width="${size * (1 - 2 * inset)}" height="${size * (1 - 2 * inset)}">
      <path fill="${RED}" d="M8 8h24l18 27 18-27h24L62 50l30 42H68L50 65 32 92H8l30-42z"/>
    </svg>
  </body></html>`;
}

function screenshot(html: string, width: number, height: number, out: string) {
  const work = mkdtempSync(join(tmpdir(), 'og-'));
  try {
    const page = join(work, 'page.html');
    writeFileSync(page, html);
    execFileSync(
      chromium,
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--hide-scrollbars',
        '--force-device-scale-factor=1',
        '--default-background-color=00000000',
        `--user-data-dir=${join(work, 'profile')}`,
        `--screenshot=${out}`,
        `--window-size=${width},${height}`,
        '--virtual-time-budget=2000',
        `file://${page}`,
      ],
      { stdio: 'ignore' },
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
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

screenshot(shareCard, 1200, 630, join(publicDir, 'og-image.png'));
screenshot(icon(180, 0.16, 0), 180, 180, join(publicDir, 'apple-touch-icon.png'));
screenshot(icon(192), 192, 192, join(publicDir, 'icon-192.png'));
screenshot(icon(512), 512, 512, join(publicDir, 'icon-512.png'));
screenshot(icon(512, 0.24, 0), 512, 512, join(publicDir, 'icon-512-maskable.png'));
const favicon = join(publicDir, 'favicon-32.png');
screenshot(icon(32, 0.1, 0.18), 32, 32, favicon);
writeFileSync(join(publicDir, 'favicon.ico'), pngToIco(readFileSync(favicon), 32));
rmSync(favicon);
writeFileSync(
  join(publicDir, 'favicon.svg'),
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" rx="18" fill="${INK}"/><path fill="${RED}" d="M18 18h20l12 18 12-18h20L60 50l22 32H62L50 64 38 82H18l22-32z"/></svg>\n`,
);
console.log('Wrote og-image.png, icons and favicons to public/');
