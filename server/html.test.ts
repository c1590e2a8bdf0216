import { describe, expect, it } from 'vitest';
import { html, raw } from '../common/html.ts';
import { confirmPage, invalidPage } from '../common/unsubscribe-page.ts';

describe('the one templating', () => {
  it('escapes every interpolated text, in content and attributes alike', () => {
    const text = `<a href="x">Tom & 'Jerry'</a>`;
    expect(String(html`<p title="${text}">${text}</p>`)).toBe(
      '<p title="&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;">' +
        '&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;</p>',
    );
  });

  it('takes HTML it made, or raw(), as it is; lists in order; nothing for false and null', () => {
    const items = ['a<b', 'c'].map((item) => html`<li>${item}</li>`);
    expect(String(html`<ul>${items}${false}${null}${undefined}${raw('<hr>')}${3}</ul>`)).toBe(
      '<ul><li>a&lt;b</li><li>c</li><hr>3</ul>',
    );
  });

  it('keeps a hostile site address out of the unsubscribe pages’ markup', () => {
    const home = 'https://x.test/"><script>alert(1)</script>';
    for (const page of [
      confirmPage('00000000-0000-0000-0000-000000000000', home),
      invalidPage(home),
    ]) {
      expect(page).not.toContain('<script>');
      expect(page).toContain(
        'href="https://x.test/&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;/"',
      );
    }
  });
});
