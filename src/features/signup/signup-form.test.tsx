// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignupFormIsland } from './signup-form';
import { subscribe } from './subscribe';

vi.mock('./subscribe', () => ({
  subscribe: vi.fn(),
  preloadSubscribe: vi.fn(),
}));

const subscribeMock = vi.mocked(subscribe);

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

async function fillAndSubmit(email: string, firstName = '') {
  const user = userEvent.setup();
  if (firstName) await user.type(screen.getByPlaceholderText('First name (optional)'), firstName);
  if (email) await user.type(screen.getByRole('textbox', { name: 'Email address' }), email);
  await user.click(screen.getByRole('button', { name: 'Notify Me' }));
  return user;
}

beforeEach(() => {
  subscribeMock.mockReset();
  render(<SignupFormIsland />);
});

afterEach(cleanup);

describe('SignupForm', () => {
  it('starts idle with a required email field and an optional first name', () => {
    const email = screen.getByRole('textbox', { name: 'Email address' });
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    const firstName = screen.getByRole('textbox', { name: 'First name' });
    expect(firstName).not.toBeRequired();
    expect(firstName).toHaveAttribute('placeholder', 'First name (optional)');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('sends the normalised row, shows a spinner while submitting, then thanks the visitor', async () => {
    const pending = deferred<string | null>();
    subscribeMock.mockReturnValue(pending.promise);

    await fillAndSubmit('  Ada@Example.COM ', '  Ada ');

    expect(subscribeMock).toHaveBeenCalledWith({ email: 'ada@example.com', first_name: 'Ada' });
    const button = screen.getByRole('button', { name: /Subscribing/ });
    expect(button).toBeDisabled();

    pending.resolve(null);
    expect(await screen.findByText('Thanks for subscribing!')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Email address' })).not.toBeInTheDocument();
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Successfully subscribed!');
    expect(status).toHaveTextContent("You'll be the first to know when we launch.");
  });

  it('sends first_name null when it is left empty', async () => {
    subscribeMock.mockResolvedValue(null);
    await fillAndSubmit('grace@example.ug');
    expect(subscribeMock).toHaveBeenCalledWith({ email: 'grace@example.ug', first_name: null });
  });

  it('sends the source of the address the visitor landed on, lower-cased', async () => {
    subscribeMock.mockResolvedValue(null);
    history.replaceState(null, '', '/?utm_source=WhatsApp#email-signup');
    try {
      await fillAndSubmit('nakato@example.ug');
    } finally {
      history.replaceState(null, '', '/');
    }
    expect(subscribeMock).toHaveBeenCalledWith({
      email: 'nakato@example.ug',
      first_name: null,
      source: 'whatsapp',
    });
  });

  it('treats a duplicate (23505) as subscribed', async () => {
    subscribeMock.mockResolvedValue('23505');
    await fillAndSubmit('dup@example.ug');
    expect(await screen.findByText('Thanks for subscribing!')).toBeInTheDocument();
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent("You're already on the list!");
    expect(status).toHaveTextContent('Thanks for your enthusiasm for the TEDx community.');
  });

  it.each([
    ['a database error', '23514'],
    ['a network failure', ''],
  ])('keeps the form, with its values, after %s', async (_label, code) => {
    subscribeMock.mockResolvedValue(code);
    await fillAndSubmit('oops@example.ug');
    const status = screen.getByRole('status');
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(status).toHaveTextContent('Please try again in a moment.');
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveValue('oops@example.ug');
    expect(screen.getByRole('button', { name: 'Notify Me' })).toBeEnabled();
    expect(screen.queryByText('Thanks for subscribing!')).not.toBeInTheDocument();
  });

  it('can try again after a failure', async () => {
    subscribeMock.mockResolvedValueOnce('').mockResolvedValueOnce(null);
    const user = await fillAndSubmit('retry@example.ug');
    await screen.findByText('Something went wrong');
    await user.click(screen.getByRole('button', { name: 'Notify Me' }));
    expect(await screen.findByText('Thanks for subscribing!')).toBeInTheDocument();
    expect(subscribeMock).toHaveBeenCalledTimes(2);
  });

  it('sends nothing when the email is blank after trimming', async () => {
    const form = screen.getByRole('button', { name: 'Notify Me' }).closest('form');
    const email = screen.getByRole('textbox', { name: 'Email address' });
    // Bypass the browser's own `required` check, as a script or an old browser might.
    email.removeAttribute('required');
    await fillAndSubmit('   ');
    expect(form).toBeInTheDocument();
    expect(subscribeMock).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it.each([
    ['a leading dot', '.quota@example.org', ''],
    ['a doubled dot', 'a..b@example.org', ''],
    ['a local part over 64 octets', `${'a'.repeat(65)}@example.org`, ''],
    ['a control character in the first name', 'ann@example.org', 'Ann\u001b]52;c;aGk=\u0007'],
    // Issue 38: domains no relay delivers to, which the browser's email field lets through.
    ['a domain of one label', 'a@localhost', ''],
    ['an IP address', 'a@1.2.3.4', ''],
    // And what the field refuses itself, where a browser does not check it (an old one, a script).
    ['a non-ASCII local part', 'ü1@gmail.com', ''],
    ['a label that starts with a hyphen', 'a@-bad-.org', ''],
    ['an underscore in the domain', 'a@b_c.org', ''],
    ['a label of 70 characters', `a@${'l'.repeat(70)}.org`, ''],
  ])('refuses %s before sending, as the database would', async (_label, email, firstName) => {
    const form = screen.getByRole('button', { name: 'Notify Me' }).closest('form');
    if (form) form.noValidate = true;
    const name = screen.getByRole('textbox', { name: 'First name' });
    // user.type would take ESC and BEL as keys: set the field as a paste would.
    fireEvent.change(name, { target: { value: firstName } });
    await fillAndSubmit(email);
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Please try again in a moment.');
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveValue(email);
    expect(subscribeMock).not.toHaveBeenCalled();
  });

  it('sends a Unicode domain in its A-labels, which the database takes', async () => {
    subscribeMock.mockResolvedValue(null);
    // Chromium's email field hands the form the A-labels already; jsdom's refuses the Unicode
    // domain. With the check off, the form gets it as typed, as from a field that passes it on.
    const form = screen.getByRole('button', { name: 'Notify Me' }).closest('form');
    if (form) form.noValidate = true;
    await fillAndSubmit('Nakato@Bücher.example');
    expect(await screen.findByText('Thanks for subscribing!')).toBeInTheDocument();
    expect(subscribeMock).toHaveBeenCalledWith({
      email: 'nakato@xn--bcher-kva.example',
      first_name: null,
    });
  });

  it('sends the longest address the database takes (64-octet local part, 254 in all)', async () => {
    subscribeMock.mockResolvedValue(null);
    const longest = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`;
    expect(longest).toHaveLength(254);
    await fillAndSubmit(longest);
    expect(await screen.findByText('Thanks for subscribing!')).toBeInTheDocument();
    expect(subscribeMock).toHaveBeenCalledWith({ email: longest, first_name: null });
  });

  it('turns a bot that fills the hidden honeypot away without a request', async () => {
    const honeypot = document.querySelector<HTMLInputElement>('input[name="website"]');
    if (!honeypot) throw new Error('honeypot missing');
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
    honeypot.value = 'http://spam.example';
    await fillAndSubmit('bot@example.ug');
    expect(subscribeMock).not.toHaveBeenCalled();
  });
});

describe('SignupForm before and without JavaScript', () => {
  it('is a real form: it posts email, first_name and the honeypot to the signup function', () => {
    const form = screen.getByRole('button', { name: 'Notify Me' }).closest('form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('enctype', 'application/x-www-form-urlencoded');
    const action = new URL(form?.getAttribute('action') ?? '', 'https://site.example');
    expect(action.pathname).toBe('/rest/v1/rpc/signup_form');
    expect(action.searchParams.get('apikey')).toBeTruthy();
    const names = [...(form?.querySelectorAll('input') ?? [])].map((input) => input.name);
    expect(names.sort()).toEqual(['email', 'first_name', 'website']);
  });

  it('says what the address is for, linking to the privacy page', () => {
    expect(screen.getByRole('link', { name: 'How we handle your data' })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });
});

describe('SignupForm on an outcome page', () => {
  beforeEach(cleanup);

  it.each([
    ['success', 'Successfully subscribed!', true],
    ['duplicate', "You're already on the list!", true],
    ['failure', 'Something went wrong', false],
  ] as const)('%s: shows its notice', (kind, title, isSubscribed) => {
    render(<SignupFormIsland initialOutcome={kind} />);
    expect(screen.getByRole('status')).toHaveTextContent(title);
    expect(screen.queryByText('Thanks for subscribing!') !== null).toBe(isSubscribed);
    expect(screen.queryByRole('textbox', { name: 'Email address' }) !== null).toBe(!isSubscribed);
  });
});
