// The advice about the sender counts people and domains, not reports: one recipient (or a forger
// holding one person's message) cannot steer it by sending many.
import { describe, expect, it } from 'vitest';
import { newTally, summaryLines } from './summary.ts';

const BLOCKED = '5.7.1 550 5.7.1 Service unavailable; client host blocked using Spamhaus';

function advice(people: number, reports: number): string {
  const tally = newTally();
  for (let i = 0; i < reports; i++) {
    const person = i % people;
    tally.count(
      {
        report: `r${i}`,
        campaign: 'launch',
        person,
        kind: 'sender',
        email: `p${person}@d${person}.example`,
        detail: BLOCKED,
      },
      'counted',
    );
  }
  const lines = summaryLines(tally, 'INBOX', 'the list', false);
  expect(lines.at(-1)).toMatch(new RegExp(`^Read .*, ${people} about the sender, `));
  return lines.find((line) => line.startsWith('Reports about')) ?? '';
}

describe('the advice about the sender', () => {
  it('names no cause from 25 reports about one person', () => {
    expect(advice(1, 25)).toMatch(
      /^Reports about 1 person at 1 domain say .* Too few domains to tell a likely cause\.$/,
    );
  });
  it('names the cause three people at three domains share', () => {
    expect(advice(3, 3)).toMatch(
      /^Reports about 3 people at 3 domains say .* Likely cause: .*block/i,
    );
  });
});
