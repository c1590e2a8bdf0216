import { describe, expect, it } from 'vitest';
import { formatProgress } from './progress.ts';

describe('progress', () => {
  it('shows count, rate and time left', () => {
    expect(formatProgress(500, 2000, 100_000, 8)).toBe('[##------] 500/2,000  5.0/s  5:00 left');
    expect(formatProgress(0, 10, 0, 4)).toBe('[----] 0/10  0.0/s  --:-- left');
  });
});
