import { describe, expect, it } from 'vitest';
import { emptyResult } from '../sending/run.ts';
import { stoppedLine } from './lines.ts';

const STATUS = { pending: 10, already_sent: 0, unsubscribed: 0, suppressed: 0 };
const SANDBOX = Object.assign(new Error('Message rejected'), {
  responseCode: 554,
  response: '554 Message rejected: Email address is not verified.',
});

const refusedLine = (bounced: number) => {
  const r = emptyResult();
  r.failed = Array.from({ length: 5 }, (_, i) => ({ email: `f${i}@x.org`, answer: '554' }));
  r.bounced = Array.from({ length: bounced }, (_, i) => ({ email: `b${i}@x.org`, answer: '550' }));
  r.stop = { kind: 'refused', error: SANDBOX };
  return stoppedLine('c1', STATUS, r, 'smtp.example:587', 'the server', 0) ?? '';
};

describe('the stop line for refusals about the sender', () => {
  it('says nobody was suppressed when nobody was', () => {
    expect(refusedLine(0)).toMatch(/; nobody was suppressed$/);
  });

  it('does not deny the bounces of the same run, which were suppressed', () => {
    const line = refusedLine(2);
    expect(line).not.toMatch(/; nobody was suppressed$/);
    expect(line).toMatch(/nobody was suppressed for these refusals \(only the 2 bounced above\)$/);
    expect(line).toContain('8 still to send'); // 10 pending - 2 bounced: the 5 refused stay
  });
});
