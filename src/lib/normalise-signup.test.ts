import { describe, expect, it } from 'vitest';
import { normaliseEmail, normaliseFirstName, toSignupInsert } from './normalise-signup';

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
