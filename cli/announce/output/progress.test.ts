import { describe, expect, it } from 'vitest';
import { formatProgress } from './progress.ts';

describe('progress', () => {
  it('shows count, rate and time left', () => {
    expect(formatProgress({ done: 500, total: 2000, elapsedMs: 100_000, width: 8 })).toBe(
      '[##------] 500/2,000  5.0/s  5:00 left',
    );
    expect(formatProgress({ done: 0, total: 10, elapsedMs: 0, width: 4 })).toBe(
      '[----] 0/10  0.0/s  --:-- left',
    );
  });
});
