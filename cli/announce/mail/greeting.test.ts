import { describe, expect, it } from 'vitest';
import { usableFirstName } from './greeting.ts';

describe('usableFirstName: a name is only used as a name', () => {
  it.each([
    ['Ann', 'Ann'],
    ['  Nakato  ', 'Nakato'], // Luganda
    ['Ssekandi', 'Ssekandi'],
    ['Ŋŋaaga', 'Ŋŋaaga'],
    ['Kaweesa-Mukasa', 'Kaweesa-Mukasa'],
    ["O'Brien", "O'Brien"],
    ['D’Angelo', 'D’Angelo'],
    ['Mary Jane', 'Mary Jane'],
    ['محمد', 'محمد'], // Arabic
    ['عبد الله', 'عبد الله'],
    ['José', 'José'], // precomposed é
    ['Jose\u0301', 'Jose\u0301'], // e + combining acute
    ['Zoë', 'Zoë'],
    ['Ἀλέξανδρος', 'Ἀλέξανδρος'],
    ['अनन्या', 'अनन्या'], // Devanagari vowel signs are marks
    ['李', '李'],
    ['a'.repeat(40), 'a'.repeat(40)],
  ])('%j is used as %j', (raw, expected) => {
    expect(usableFirstName(raw)).toBe(expected);
  });

  it.each([
    null,
    '',
    '   ',
    'Visit evil.example now',
    'https://evil.example',
    'evil.example',
    'www.evil',
    'R2D2',
    'Ann 2',
    '007',
    'a'.repeat(41),
    'Ann\r\nBcc: x@y.z',
    'Ann\u0000',
    '<b>Ann</b>',
    'ann@example.org',
    '-Ann',
    "'quoted'",
    'Ann!',
    'Ann, click here',
    '\u0301Ann', // a mark with nothing to sit on
    '😀',
  ])('%j falls back', (raw) => {
    expect(usableFirstName(raw)).toBeNull();
  });
});
