import { describe, expect, it } from 'vitest';
import { parseAnnounceArgs } from './args.ts';
import { messageId } from './compose.ts';
import { formatProgress } from './progress.ts';
import { classify, stopLine } from './smtp.ts';

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

describe('SMTP answers', () => {
  it('sorts errors into retry, record, stop', () => {
    expect(classify({ responseCode: 451 })).toBe('temporary');
    expect(classify({ responseCode: 550, code: 'EENVELOPE' })).toBe('permanent');
    expect(classify({ code: 'EAUTH', responseCode: 535 })).toBe('auth');
    expect(classify({ code: 'ECONNECTION' })).toBe('connection');
  });
  it('says what to do in one line', () => {
    expect(
      stopLine({ responseCode: 421, response: '421 4.7.0 Try again later' }, 'smtp.x:587'),
    ).toBe(
      'The SMTP server smtp.x:587 keeps answering "try later" (421 4.7.0 Try again later): wait a while (a rate or daily limit?), then run the same command again to continue',
    );
    expect(
      stopLine({ code: 'EDNS', message: 'getaddrinfo ENOTFOUND smtp.nowhere' }, 'smtp.nowhere:587'),
    ).toBe(
      'Could not reach the SMTP server smtp.nowhere:587 (its name does not resolve): check SMTP_URL and your network, then run the same command again',
    );
  });
});

describe('Message-ID', () => {
  it('is stable per campaign and person, and differs otherwise', () => {
    const a = messageId('launch', 7, 'hello@tedx.test');
    expect(a).toBe(messageId('launch', 7, 'hello@tedx.test'));
    expect(a).toMatch(/^<launch\.[0-9a-f]{32}@tedx\.test>$/);
    expect(messageId('launch', 8, 'hello@tedx.test')).not.toBe(a);
    expect(messageId('other', 7, 'hello@tedx.test')).not.toBe(a);
  });
});

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
