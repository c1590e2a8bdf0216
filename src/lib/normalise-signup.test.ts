import { describe, expect, it } from 'vitest';
import {
  isAcceptableFirstName,
  isAcceptableSignup,
  isRelayableEmail,
  normaliseEmail,
  normaliseFirstName,
  toSignupInsert,
} from './normalise-signup';

describe('normaliseEmail', () => {
  it('trims and lower-cases', () => {
    expect(normaliseEmail('  Ada.Lovelace@Example.COM \n')).toBe('ada.lovelace@example.com');
  });
});

describe('normaliseFirstName', () => {
  it('trims', () => {
    expect(normaliseFirstName('  Ada  ')).toBe('Ada');
  });

  it('keeps case', () => {
    expect(normaliseFirstName('McKenzie')).toBe('McKenzie');
  });

  it('is null when empty, blank or missing', () => {
    expect(normaliseFirstName('')).toBeNull();
    expect(normaliseFirstName('   ')).toBeNull();
    expect(normaliseFirstName(undefined)).toBeNull();
    expect(normaliseFirstName(null)).toBeNull();
  });
});

describe('toSignupInsert', () => {
  it('builds the row to insert', () => {
    expect(toSignupInsert(' A@B.ug ', ' Grace ')).toEqual({ email: 'a@b.ug', first_name: 'Grace' });
    expect(toSignupInsert('a@b.ug', '')).toEqual({ email: 'a@b.ug', first_name: null });
  });

  it('is null when the email is blank after trimming', () => {
    expect(toSignupInsert('', 'Grace')).toBeNull();
    expect(toSignupInsert('   ', 'Grace')).toBeNull();
  });
});

// The full list of refused shapes runs against the database too (server/rest/rest.test.ts),
// which checks that this rule and the migration's agree on each.
describe('isAcceptableSignup: the table checks of migration 20261127100000', () => {
  it('takes the longest address a relay takes and ordinary ones', () => {
    const longest = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`;
    for (const email of [longest, 'a.b+tag@mak.ac.ug', 'nakato@bücher.example'])
      expect(isAcceptableSignup({ email, first_name: 'Nakato' })).toBe(true);
  });

  it.each([
    `${'a'.repeat(65)}@example.org`,
    `${'é'.repeat(33)}@example.org`,
    '.quota@example.org',
    'quota.@example.org',
    'a..quota@example.org',
    'a\u00a0b@example.org',
    'a\u001bb@example.org',
    'a\u009bb@example.org',
  ])('refuses %j', (email) => {
    expect(isRelayableEmail(email)).toBe(false);
  });

  it('refuses a first name with a control character; takes 100 characters but not 101', () => {
    expect(isAcceptableFirstName('Ann\u001b]52;c;aGk=\u0007')).toBe(false);
    expect(isAcceptableFirstName('Ann\u0085')).toBe(false);
    expect(isAcceptableFirstName(null)).toBe(true);
    expect(isAcceptableFirstName('é'.repeat(100))).toBe(true);
    expect(isAcceptableFirstName('é'.repeat(101))).toBe(false);
  });
});
