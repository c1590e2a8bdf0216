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
  it('reads --max', () => {
    expect(parseAnnounceArgs(['--campaign', 'x', '--max', '500', '--yes'])).toMatchObject({
      max: 500,
    });
    expect(parseAnnounceArgs(['--campaign', 'x', '--dry-run'])).toMatchObject({ max: undefined });
  });
  it.each([
    [[], '--campaign ID is required'],
    [['--campaign', 'bad id'], 'Campaign ID "bad id": use letters, digits, . _ - (at most 64)'],
    [['--campaign', 'x', '--test-to', 'nobody'], '--test-to "nobody" is not an email address'],
    [['--campaign', 'x', '--force'], 'Unknown argument --force'],
    [['--campaign', 'x', '--max', '-1'], '--max needs a value'],
    [['--campaign', 'x', '--max=-1'], '--max "-1": a whole number of messages (0 = no cap)'],
    [['--campaign', 'x', '--max=5.5'], '--max "5.5": a whole number of messages (0 = no cap)'],
    [['--campaign', 'x', '--force=1'], 'Unknown argument --force'],
    [['--campaign', 'x', '-y'], 'Unknown argument -y'],
    [['--campaign', 'x', 'launch'], 'Unknown argument launch'],
    [['--campaign', '--yes'], '--campaign needs a value'],
    [['--campaign', 'x', '--message'], '--message needs a value'],
    [['--campaign='], '--campaign needs a value'],
    [['--campaign', 'x', '--yes=no'], '--yes takes no value'],
    [
      ['--campaign', 'x', '--dry-run', '--test-to', 'a@b.co'],
      'Choose one of --dry-run and --test-to',
    ],
  ])('refuses %j with one line', (argv, line) => {
    expect(parseAnnounceArgs(argv)).toBe(line);
  });
});
