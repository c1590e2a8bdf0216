// @vitest-environment jsdom
// "Follow us on WhatsApp" on the subscribed confirmation, on both sign-up paths: the island after
// a submit, and the outcome page a no-JavaScript sign-up lands on (which Astro prerenders with
// React's server renderer, as renderToStaticMarkup does here). Set and empty channel addresses.
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WHATSAPP_CHANNEL } from '../../../content/links';
import type { SignupKind } from '../../../common/signup-contract';
import { SignupFormIsland } from './signup-form';
import { subscribe } from './subscribe';

vi.mock('./subscribe', () => ({ subscribe: vi.fn(), preloadSubscribe: vi.fn() }));

const CHANNEL = 'https://whatsapp.com/channel/0029VaTEDxKampalaBS0test';
const LABEL = /^Follow us on WhatsApp/;

afterEach(cleanup);

/** Subscribes through the island; `channel` undefined leaves content/links.ts's in place. */
async function subscribeWith(channel: string | undefined, errorCode: string | null) {
  vi.mocked(subscribe).mockResolvedValue(errorCode);
  render(<SignupFormIsland whatsappChannel={channel} />);
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'ada@example.ug');
  await user.click(screen.getByRole('button', { name: 'Notify Me' }));
}

describe('the island: after a submit', () => {
  it.each([
    ['success', null],
    ['duplicate', '23505'],
  ])('%s: the confirmation links to the channel, in a new tab', async (_kind, code) => {
    await subscribeWith(CHANNEL, code);
    await screen.findByText('Thanks for subscribing!');
    const link = screen.getByRole('link', { name: LABEL });
    expect(link).toHaveAttribute('href', CHANNEL);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('while the address is empty, the confirmation shows no WhatsApp link', async () => {
    await subscribeWith('', null);
    await screen.findByText('Thanks for subscribing!');
    expect(screen.queryByRole('link', { name: LABEL })).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/WhatsApp/);
  });

  it('a failure keeps the form and offers no WhatsApp link', async () => {
    await subscribeWith(CHANNEL, '23514');
    await screen.findByText('Something went wrong');
    expect(screen.queryByRole('link', { name: LABEL })).not.toBeInTheDocument();
  });

  it('the channel comes from content/links.ts unless set', async () => {
    await subscribeWith(undefined, null);
    await screen.findByText('Thanks for subscribing!');
    const links = screen.queryAllByRole('link', { name: LABEL });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      WHATSAPP_CHANNEL.href ? [WHATSAPP_CHANNEL.href] : [],
    );
  });
});

describe('the outcome page without JavaScript (server-rendered)', () => {
  const page = (kind: SignupKind, channel: string) =>
    renderToStaticMarkup(<SignupFormIsland initialOutcome={kind} whatsappChannel={channel} />);

  it.each(['success', 'duplicate'] as const)(
    '%s: one plain link to the channel, and nothing that would reach WhatsApp before a tap',
    (kind) => {
      const html = page(kind, CHANNEL);
      expect(html).toContain('Thanks for subscribing!');
      expect(html).toMatch(
        new RegExp(
          `<a href="${CHANNEL}" target="_blank" rel="noopener noreferrer"[^>]*>Follow us on WhatsApp`,
        ),
      );
      expect(html.split(CHANNEL)).toHaveLength(2);
      expect(html).not.toMatch(/<(script|img|link|iframe|object|embed|video|audio)\b/i);
      expect(html).not.toMatch(/whatsapp\.net|wa\.me/i);
    },
  );

  it.each(['success', 'duplicate', 'failure'] as const)(
    '%s with an empty address: no WhatsApp anywhere',
    (kind) => {
      expect(page(kind, '')).not.toMatch(/whatsapp/i);
    },
  );

  it('failure: the form again, without the link even when the address is set', () => {
    const html = page('failure', CHANNEL);
    expect(html).toContain('Notify Me');
    expect(html).not.toContain(CHANNEL);
  });
});
