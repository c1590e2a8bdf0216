import { describe, expect, it } from 'vitest';
import { signupOutcome } from './signup-outcome';

describe('signupOutcome', () => {
  it('success: subscribed with the success notice', () => {
    expect(signupOutcome(null)).toEqual({
      kind: 'success',
      notice: {
        title: 'Successfully subscribed!',
        description: "You'll be the first to know when we launch.",
      },
    });
  });

  it('23505: already on the list, still subscribed', () => {
    expect(signupOutcome('23505')).toEqual({
      kind: 'duplicate',
      notice: {
        title: "You're already on the list!",
        description: 'Thanks for your enthusiasm for the TEDx community.',
      },
    });
  });

  it.each(['', '23514', '42501', 'PGRST205', '429'])('%j: failure, form kept', (code) => {
    expect(signupOutcome(code)).toEqual({
      kind: 'failure',
      notice: { title: 'Something went wrong', description: 'Please try again in a moment.' },
    });
  });
});
