import { describe, expect, it } from 'vitest';
import { cspDirectives } from './csp-directives';

const directive = (directives: string[], name: string) =>
  directives.find((d) => d.split(' ')[0] === name);

describe('cspDirectives', () => {
  it('keeps connections and form posts on the own origin without hosted Supabase', () => {
    const directives = cspDirectives(undefined);
    expect(directive(directives, 'connect-src')).toBe("connect-src 'self'");
    expect(directive(directives, 'form-action')).toBe("form-action 'self'");
  });

  it('allows the Supabase origin (not its path) for connections and the form', () => {
    const directives = cspDirectives('https://abcd.supabase.co/some/path');
    expect(directive(directives, 'connect-src')).toBe(
      "connect-src 'self' https://abcd.supabase.co",
    );
    expect(directive(directives, 'form-action')).toBe(
      "form-action 'self' https://abcd.supabase.co",
    );
  });

  it('allows no inline script or style by keyword', () => {
    expect(cspDirectives('https://abcd.supabase.co').join('; ')).not.toMatch(/unsafe-/);
  });
});
