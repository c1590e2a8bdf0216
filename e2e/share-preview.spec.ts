// What a WhatsApp link preview shows (issue 29): every page's share title whole, and a share
// image WhatsApp agrees to show. The limits are in content/share-preview.ts.
import { SHARE_IMAGE_MAX_BYTES, SHARE_TITLE_MAX_LENGTH } from '../content/share-preview.ts';
import { EVERY_PAGE, expect, fetchPng, metaContent, test } from './fixtures';

test('every page: og:title and twitter:title whole in a WhatsApp preview, one share image within its size limit', async ({
  request,
}) => {
  const images = new Set<string>();
  for (const path of EVERY_PAGE) {
    const html = await (await request.get(path)).text();
    // Parsed by the browser's own rules would be overkill: the tags are written by one layout.
    const content = (attribute: 'name' | 'property', key: string) => {
      const value = metaContent(html, attribute, key);
      expect(value, `${path} ${key}`).toBeTruthy();
      return value ?? '';
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
    const { width, height, bytes } = await fetchPng(request, new URL(image).pathname);
    expect(bytes, `${image} bytes`).toBeLessThan(SHARE_IMAGE_MAX_BYTES);
    expect({ width, height }).toEqual({ width: 1200, height: 630 });
  }
});
