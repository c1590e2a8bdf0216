// What a WhatsApp link preview shows (issue 29): every page's share title whole, and a share
// image WhatsApp agrees to show. The limits are in src/content/share-preview.ts.
import { SHARE_IMAGE_MAX_BYTES, SHARE_TITLE_MAX_LENGTH } from '../src/content/share-preview.ts';
import { SIGNUP_OUTCOME_PATHS } from '../src/lib/signup-contract.ts';
import { expect, test } from './fixtures';

const PAGES = ['/', '/about', '/speakers', '/privacy', '/not-a-route'].concat(
  Object.values(SIGNUP_OUTCOME_PATHS),
);

test('every page: og:title and twitter:title whole in a WhatsApp preview, one share image within its size limit', async ({
  request,
}) => {
  const images = new Set<string>();
  for (const path of PAGES) {
    const html = await (await request.get(path)).text();
    // Parsed by the browser's own rules would be overkill: the tags are written by one layout.
    const content = (attribute: string, key: string) => {
      const tag = html.match(new RegExp(`<meta[^>]*${attribute}="${key}"[^>]*>`))?.[0] ?? '';
      const raw = tag.match(/content="([^"]*)"/)?.[1];
      expect(raw, `${path} ${key}`).toBeTruthy();
      return (raw ?? '')
        .replace(/&#39;|&#x27;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&');
    };
    const title = content('property', 'og:title');
    expect([...title].length, `${path} og:title "${title}"`).toBeLessThanOrEqual(
      SHARE_TITLE_MAX_LENGTH,
    );
    expect(content('name', 'twitter:title'), `${path} twitter:title`).toBe(title);
    images.add(content('property', 'og:image'));
    expect(content('property', 'og:image:type')).toBe('image/png');
  }
  expect(images.size, 'one share image').toBe(1);
  for (const image of images) {
    const response = await request.get(new URL(image).pathname);
    expect(response.status(), image).toBe(200);
    const body = await response.body();
    expect(body.subarray(1, 4).toString('latin1'), `${image} is a PNG`).toBe('PNG');
    expect(body.length, `${image} bytes`).toBeLessThan(SHARE_IMAGE_MAX_BYTES);
    expect({ width: body.readUInt32BE(16), height: body.readUInt32BE(20) }).toEqual({
      width: 1200,
      height: 630,
    });
  }
});
