import { describe, expect, it } from 'vitest';
import { timeLeft } from './time-left';

// Any moment will do: timeLeft takes the launch as an argument (not this edition's date).
const LAUNCH = Date.parse('2030-06-01T09:00:00+03:00');

describe('timeLeft', () => {
  it('splits the remaining time into days, hours, minutes and seconds', () => {
    const now = LAUNCH - ((3 * 24 + 4) * 3600 + 5 * 60 + 6) * 1000;
    expect(timeLeft(now, LAUNCH)).toEqual({ days: 3, hours: 4, minutes: 5, seconds: 6 });
  });

  it('drops partial seconds', () => {
    expect(timeLeft(LAUNCH - 1500, LAUNCH)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
  });

  it('reads zero at the launch moment and after it', () => {
    const zero = { days: 0, hours: 0, minutes: 0, seconds: 0 };
    expect(timeLeft(LAUNCH, LAUNCH)).toEqual(zero);
    expect(timeLeft(LAUNCH + 86_400_000, LAUNCH)).toEqual(zero);
  });

  it('is the same moment in every time zone: 09:00 at UTC+3 is 06:00 UTC', () => {
    expect(timeLeft(Date.parse('2030-06-01T05:59:59Z'), LAUNCH).seconds).toBe(1);
    expect(timeLeft(Date.parse('2030-06-01T06:00:00Z'), LAUNCH).seconds).toBe(0);
  });
});
