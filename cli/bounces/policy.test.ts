import { describe, expect, it } from 'vitest';
import { readAnswer } from '../../common/smtp-answer.ts';
import { recipientKind } from './policy.ts';

/** A late report's recipient, refused for good with this code and these words. */
const failed = (status: string, diagnostic: string) => ({
  addresses: ['ann@example.org'],
  action: 'failed',
  status,
  diagnostic,
});
/** The same refusal, answered at send. */
const atSend = (command: 'RCPT TO' | 'DATA', response: string) =>
  readAnswer({ responseCode: Number(response.slice(0, 3)), response, command }).kind;

describe('an enhanced status code means one thing, at send and in a late report', () => {
  it.each([
    ['5.2.1', '550-5.2.1 The email account that you tried to reach is disabled.'],
    ['5.1.1', '550 5.1.1 The email account that you tried to reach does not exist.'],
    ['5.1.10', '550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found'],
  ])('%s: the mailbox is gone, a bounce at send and a hard late bounce', (status, answer) => {
    expect(atSend('RCPT TO', answer)).toBe('bounce');
    expect(atSend('DATA', answer)).toBe('bounce');
    expect(recipientKind(failed(status, `smtp; ${answer}`))).toBe('hard');
  });

  it.each([
    ['5.2.2', '552 5.2.2 The email account that you tried to reach is over quota.'],
    ['5.2.1', '550-5.2.1 The user you are trying to contact is receiving mail at a rate that'],
  ])(
    '%s, a mailbox full or receiving too fast, comes back: deferred, then soft',
    (status, answer) => {
      expect(atSend('RCPT TO', answer)).toBe('deferred');
      expect(atSend('DATA', answer)).toBe('deferred');
      expect(recipientKind(failed(status, `smtp; ${answer}`))).toBe('soft');
    },
  );

  it('5.1.7, the sender address, suppresses nobody either way', () => {
    const answer = "550 5.1.7 The sender's address is not valid";
    expect(atSend('DATA', answer)).not.toBe('bounce');
    expect(recipientKind(failed('5.1.7', `smtp; ${answer}`))).toBe('sender');
  });
});
