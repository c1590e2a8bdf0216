import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('CSV export', () => {
  it('writes the header and one line per row', () => {
    expect(
      toCsv([
        {
          email: 'a@example.org',
          first_name: 'Ann',
          created_at: '2025-11-01T09:00:00+00:00',
          source: 'whatsapp',
        },
        {
          email: 'b@example.org',
          first_name: null,
          created_at: '2025-11-01T09:00:01+00:00',
          source: null,
        },
      ]),
    ).toBe(
      'email,first_name,created_at,source\na@example.org,Ann,2025-11-01T09:00:00+00:00,whatsapp\nb@example.org,,2025-11-01T09:00:01+00:00,\n',
    );
  });

  it.each([
    ['plain', 'plain'],
    ["O'Brien", "O'Brien"],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    [' padded', '" padded"'],
  ])('quotes %j as %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it.each([
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['+1+2', "'+1+2"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
  ])('neutralises the formula %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
});
