import { describe, expect, it } from 'vitest';
import { mailKeys, mailToken, tokenOfMessageId, verifyMailToken } from './mail-token.ts';

const keys = mailKeys('a'.repeat(64));

describe('the mail token', () => {
  it('names the campaign and the person, and only this secret makes one', () => {
    const token = mailToken(keys, 'launch-2025.v2', 4242);
    expect(verifyMailToken(keys, token)).toEqual({ campaign: 'launch-2025.v2', personId: 4242 });
    expect(verifyMailToken(mailKeys('b'.repeat(64)), token)).toBeNull();
  });

  it('says nothing about the list: the person part is not the id', () => {
    const [a, b] = [1, 2].map((id) => mailToken(keys, 'launch', id).split('.')[1]);
    expect(a).not.toBe(b);
    expect(a).not.toMatch(/^A{10}/);
  });

  it('cannot link campaigns: the same person has another person part in each', () => {
    const parts = ['launch', 'second'].map((c) => mailToken(keys, c, 7).split('.')[1]);
    expect(parts[0]).not.toBe(parts[1]);
    expect(verifyMailToken(keys, mailToken(keys, 'second', 7))).toEqual({
      campaign: 'second',
      personId: 7,
    });
  });

  it('refuses any change: campaign, person, mac, or a token moved to another campaign', () => {
    const token = mailToken(keys, 'launch', 7);
    const [campaign, person, mac] = token.split('.');
    const other = mailToken(keys, 'launch', 8).split('.')[1];
    const flip = (s: string) => (s[3] === 'A' ? 'B' : 'A');
    const changed = [
      `second.${person}.${mac}`,
      `${campaign}.${other}.${mac}`,
      `${campaign}.${person}.${mac.slice(0, 3)}${flip(mac)}${mac.slice(4)}`,
      `${campaign}.${person.slice(0, 3)}${flip(person)}${person.slice(4)}.${mac}`,
      `${campaign}.${person}`,
      '',
      'x'.repeat(10_000),
    ];
    for (const t of changed) expect(verifyMailToken(keys, t)).toBeNull();
  });

  it('is found in a Message-ID of ours, and only there', () => {
    const token = mailToken(keys, 'launch', 7);
    expect(tokenOfMessageId(`<${token}@tedx.test>`)).toBe(token);
    expect(tokenOfMessageId('<CAF=abc@mail.gmail.com>')).toBeNull();
    expect(tokenOfMessageId('<launch.0123456789abcdef0123456789abcdef@tedx.test>')).toBeNull();
  });
});
