import { describe, expect, it } from 'vitest';
import { classify, stopLine } from './smtp.ts';

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
