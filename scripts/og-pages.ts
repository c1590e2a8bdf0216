// The HTML the share image and the icons are screenshotted from: the event's name and date from
// content/event.ts, the colours from the Tailwind theme (src/styles/global.css).
import { EVENT_DATE_LONG, WORD_MARK } from '../content/event.ts';
import { SPEAKERS_HERO } from '../content/speakers.ts';
import { fontDataUrl, THEME } from '../platform/theme.ts';

const { brand: RED, accent: ACCENT, ink: INK, paper: PAPER } = THEME;

const fonts = `
  @font-face { font-family: Anton; src: url(${fontDataUrl('@fontsource/anton/files/anton-latin-400-normal.woff2')}); }
  @font-face { font-family: Inter; font-weight: 100 900; src: url(${fontDataUrl('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2')}); }
  * { margin: 0; box-sizing: border-box; }
  html, body { background: ${INK}; color: ${PAPER}; overflow: hidden; }
`;

/** The 1200x630 share card: name, tagline and the date as copy writes it. */
export const shareCard = `<!doctype html><html><head><style>${fonts}
  body { width: 1200px; height: 630px; font-family: Inter; position: relative;
    background: radial-gradient(ellipse 900px 520px at 100% 0%, ${RED}55, transparent 70%), ${INK}; }
  .x { position: absolute; right: -40px; bottom: -150px; font-family: Anton; font-size: 720px;
    line-height: 1; color: ${RED}; opacity: .16; }
  .wrap { position: absolute; inset: 72px 80px; display: flex; flex-direction: column; }
  .kicker { font-weight: 700; letter-spacing: .28em; text-transform: uppercase; font-size: 22px; color: ${ACCENT}; }
  .name { font-family: Anton; font-size: 150px; line-height: 1; margin-top: 28px; }
  .name span { color: ${RED}; }
  .tag { font-size: 38px; font-weight: 600; margin-top: 26px; max-width: 900px; line-height: 1.2; }
  .date { margin-top: auto; font-family: Anton; font-size: 56px; letter-spacing: .02em; text-transform: uppercase; }
  .bar { position: absolute; left: 0; top: 0; bottom: 0; width: 14px; background: ${RED}; }
</style></head><body>
  <div class="bar"></div><div class="x">X</div>
  <div class="wrap">
    <p class="kicker">Independently organised TEDx event</p>
    <p class="name"><span>${WORD_MARK.red}</span>${WORD_MARK.rest}</p>
    <p class="tag">${SPEAKERS_HERO.subtitle}</p>
    <p class="date">${EVENT_DATE_LONG}</p>
  </div>
</body></html>`;

/** A square icon: a bold red X on near-black. `inset` leaves room for maskable safe zones. */
export function icon(size: number, inset = 0.14, radius = 0.18) {
  return `<!doctype html><html><head><style>${fonts}
    body { width: ${size}px; height: ${size}px; background: ${INK}; border-radius: ${radius * size}px; }
    svg { position: absolute; inset: ${inset * size}px; }
  </style></head><body>
    <svg viewBox="0 0 100 100" width="${size * (1 - 2 * inset)}" height="${size * (1 - 2 * inset)}">
      <path fill="${RED}" d="M8 8h24l18 27 18-27h24L62 50l30 42H68L50 65 32 92H8l30-42z"/>
    </svg>
  </body></html>`;
}

export const faviconSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" rx="18" fill="${INK}"/><path fill="${RED}" d="M18 18h20l12 18 12-18h20L60 50l22 32H62L50 64 38 82H18l22-32z"/></svg>\n`;
