import { describe, expect, it } from 'vitest';
import {
  isAcceptableFirstName,
  isAcceptableSignup,
  isRelayableEmail,
  normaliseEmail,
  normaliseFirstName,
  toSignupInsert,
  withAsciiDomain,
} from './normalise-signup';

describe('normaliseEmail', () => {
  it('trims and lower-cases', () => {
    expect(normaliseEmail('  Ada.Lovelace@Example.COM \n')).toBe('ada.lovelace@example.com');
  });

  it("trims what the database's normaliser trims, and nothing else", () => {
    expect(normaliseEmail(' \t\r\na@b.ug\n\r\t ')).toBe('a@b.ug');
    for (const edge of ['\f', '\v', '\u00a0', '\u2028', '\ufeff'])
      expect(normaliseEmail(`${edge}a@b.ug${edge}`)).toBe(`${edge}a@b.ug${edge}`);
  });

  it('folds A-Z only, as the database does every address it takes', () => {
    expect(normaliseEmail('ADA@B.UG')).toBe('ada@b.ug');
    // Folded by toLowerCase() they would read as ASCII: \u0130 as i + a dot, the Kelvin sign as k.
    expect(normaliseEmail('\u0130\u212a\u0391\u03a3@b.ug')).toBe('\u0130\u212a\u0391\u03a3@b.ug');
  });
});

describe('withAsciiDomain: a Unicode domain in A-labels, as Chromium sends it', () => {
  it.each([
    ['a@bücher.example', 'a@xn--bcher-kva.example'],
    ['a@BÜCHER.example', 'a@xn--bcher-kva.example'],
    ['a@例え.テスト', 'a@xn--r8jz45g.xn--zckzah'],
    // Full-width letters and the ideographic full stop map to their ASCII selves (UTS 46).
    ['a@ｅｘａｍｐｌｅ。org', 'a@example.org'],
  ])('%s is sent as %s', (typed, sent) => {
    expect(withAsciiDomain(typed)).toBe(sent);
    expect(isAcceptableSignup({ email: sent, first_name: null })).toBe(true);
  });

  it('leaves an ASCII domain, a non-ASCII local part and anything URL parsing would rewrite', () => {
    for (const email of ['a@b_c.org', 'ü@example.org', 'a@ü%41.org', 'a@ü:80.org', 'a@ü/x.org'])
      expect(withAsciiDomain(email)).toBe(email);
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

// test-support/unrelayable.ts runs every case through this rule and the database alike
// (server/rest/rest.test.ts), and through the form's function (server/db/signup-form.test.ts).
describe('isAcceptableSignup: the table checks of migrations 20261127100000 and 20261127180000', () => {
  it('takes the longest address a relay takes and ordinary ones', () => {
    const longest = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`;
    for (const email of [longest, 'a.b+tag@mak.ac.ug', 'nakato@xn--bcher-kva.example'])
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

  it('refuses bidi embeddings, overrides and isolates; keeps zero widths and bidi marks', () => {
    for (const name of ['Ann\u202e', 'Ann\u202a', 'Ann\u2066x\u2069', 'Ann\u2029'])
      expect(isAcceptableFirstName(name)).toBe(false);
    for (const name of ['مهر\u200cناز', 'Ann \u200fעדי', '👩\u200d💻'])
      expect(isAcceptableFirstName(name)).toBe(true);
    for (const email of ['a\u202eb@example.org', 'a\u200cb@example.org', 'a\u2060b@example.org'])
      expect(isRelayableEmail(email)).toBe(false);
  });
});
