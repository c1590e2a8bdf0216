import { describe, expect, it } from 'vitest';
import { messageId } from './compose.ts';

describe('Message-ID', () => {
  it('is stable per campaign and person, and differs otherwise', () => {
    const a = messageId('launch', 7, 'hello@tedx.test');
    expect(a).toBe(messageId('launch', 7, 'hello@tedx.test'));
    expect(a).toMatch(/^<launch\.[0-9a-f]{32}@tedx\.test>$/);
    expect(messageId('launch', 8, 'hello@tedx.test')).not.toBe(a);
    expect(messageId('other', 7, 'hello@tedx.test')).not.toBe(a);
  });
});
