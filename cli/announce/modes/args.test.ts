import { describe, expect, it } from 'vitest';
import { parseAnnounceArgs } from './args.ts';

describe('announce arguments', () => {
  it('reads the three modes', () => {
    expect(parseAnnounceArgs(['--campaign', 'launch-2025', '--dry-run'])).toMatchObject({
      mode: 'dry-run',
    });
    expect(parseAnnounceArgs(['--campaign=x', '--test-to', 'a@b.co'])).toMatchObject({
      mode: 'test',
      testTo: 'a@b.co',
    });
    expect(parseAnnounceArgs(['--campaign', 'x', '--yes'])).toMatchObject({
      mode: 'send',
      yes: true,
    });
  });
  it.each([
    [[], '--campaign ID is required'],
    [['--campaign', 'bad id'], 'Campaign ID "bad id": use letters, digits, . _ - (at most 64)'],
    [['--campaign', 'x', '--test-to', 'nobody'], '--test-to "nobody" is not an email address'],
    [['--campaign', 'x', '--force'], 'Unknown argument --force'],
  ])('refuses %j with one line', (argv, line) => {
    expect(parseAnnounceArgs(argv)).toBe(line);
  });
});
