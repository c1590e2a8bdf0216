import { describe, expect, it } from 'vitest';
import { landingSource, normaliseSource, OWN_SOURCES, withSource } from './signup-source';

describe('landingSource', () => {
  it.each([
    ['https://tedx.example.ug/?utm_source=whatsapp', 'whatsapp'],
    ['https://tedx.example.ug/?utm_source=WhatsApp&utm_medium=chat', 'whatsapp'],
    [
      'https://tedx.example.ug/speakers/?a=1&utm_source=lecture_hall-2#email-signup',
      'lecture_hall-2',
    ],
    ['https://tedx.example.ug/?ref=poster', 'poster'],
    ['?ref=poster&utm_source=x', 'x'], // utm_source wins
    ['https://tedx.example.ug/', null],
    ['https://tedx.example.ug/?utm_source=', null],
    ['https://tedx.example.ug/?utm_source=evil.example', null],
    ['https://tedx.example.ug/?utm_source=a%20b', null], // taken as written, as the database does
    ['https://tedx.example.ug/?utm_source=<script>', null],
    [`https://tedx.example.ug/?utm_source=${'a'.repeat(33)}`, null],
    [`https://tedx.example.ug/?utm_source=${'a'.repeat(32)}`, 'a'.repeat(32)],
    ['https://tedx.example.ug/?xutm_source=x', null],
  ])('%s → %s', (address, expected) => {
    expect(landingSource(address)).toBe(expected);
  });
});

describe('normaliseSource', () => {
  it('lower-cases and trims, drops anything else', () => {
    expect(normaliseSource(' Email ')).toBe('email');
    expect(normaliseSource('ümlaut')).toBeNull();
    expect(normaliseSource(null)).toBeNull();
  });
});

describe('withSource', () => {
  it('marks the site’s own link and keeps its path and query', () => {
    expect(withSource('https://tedx.example.ug/', OWN_SOURCES.calendar)).toBe(
      'https://tedx.example.ug/?utm_source=calendar',
    );
    expect(withSource('https://tedx.example.ug/speakers/?a=1', OWN_SOURCES.email)).toBe(
      'https://tedx.example.ug/speakers/?a=1&utm_source=email',
    );
  });

  it('every own source passes its own rule', () => {
    for (const source of Object.values(OWN_SOURCES)) expect(normaliseSource(source)).toBe(source);
  });
});
