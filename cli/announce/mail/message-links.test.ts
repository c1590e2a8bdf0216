import { describe, expect, it } from 'vitest';
import { markSiteLinks } from './message.ts';

describe('markSiteLinks', () => {
  const SITE = 'https://tedx.example.ug';

  it('marks links into the site with utm_source=email and leaves others alone', () => {
    const markdown = [
      `[Speakers](${SITE}/speakers/)`,
      `[Home](${SITE})`,
      `[Query](${SITE}/?a=1 "title")`,
      '[Elsewhere](https://tedx.example.ug.evil.example/x)',
      '[Other](https://example.org/)',
      `Plain ${SITE}/speakers/ text`,
    ].join('\n\n');
    expect(markSiteLinks(markdown, `${SITE}/`).split('\n\n')).toEqual([
      `[Speakers](${SITE}/speakers/?utm_source=email)`,
      `[Home](${SITE}/?utm_source=email)`,
      `[Query](${SITE}/?a=1&utm_source=email "title")`,
      '[Elsewhere](https://tedx.example.ug.evil.example/x)',
      '[Other](https://example.org/)',
      `Plain ${SITE}/speakers/ text`,
    ]);
  });
});
