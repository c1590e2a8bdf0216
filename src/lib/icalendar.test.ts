import { describe, expect, it } from 'vitest';
import { CALENDAR_EVENT } from '../../content/calendar';
import { LAUNCH_AT } from '../../content/event';
import { escapeText, foldLine, icsCalendar, icsUtc, type CalendarEvent } from './icalendar';

const EVENT: CalendarEvent = {
  ...CALENDAR_EVENT,
  uid: 'day@tedx.example',
  url: 'https://tedx.example/',
  stamp: new Date('2026-01-02T03:04:05.678Z'),
};

/** A small RFC 5545 reader: unfold, split name;params:value, unescape TEXT. */
function parse(ics: string) {
  expect(ics.endsWith('\r\n')).toBe(true);
  expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  const physical = ics.slice(0, -2).split('\r\n');
  for (const line of physical) {
    expect(new TextEncoder().encode(line).byteLength, line).toBeLessThanOrEqual(75);
  }
  const lines = ics
    .slice(0, -2)
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n');
  return lines.map((line) => {
    const colon = line.indexOf(':');
    return {
      name: line.slice(0, colon).split(';')[0],
      value: line.slice(colon + 1),
    };
  });
}

const unescape = (value: string) =>
  value.replace(/\\([\\;,nN])/g, (_, c: string) => (c.toLowerCase() === 'n' ? '\n' : c));

function fromUtc(value: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) throw new Error(`not a UTC date-time: ${value}`);
  const [, y, mo, d, h, mi, s] = m.map(Number);
  return Date.UTC(y, mo - 1, d, h, mi, s);
}

describe('icsCalendar', () => {
  const properties = parse(icsCalendar(EVENT, '-//Test//EN'));
  const value = (name: string) => properties.find((p) => p.name === name)?.value;

  it('is one VCALENDAR with one VEVENT carrying the required properties', () => {
    expect(
      properties.map((p) => `${p.name}:${p.name === 'BEGIN' || p.name === 'END' ? p.value : ''}`),
    ).toEqual(
      expect.arrayContaining(['BEGIN:VCALENDAR', 'BEGIN:VEVENT', 'END:VEVENT', 'END:VCALENDAR']),
    );
    expect(properties[0]).toEqual({ name: 'BEGIN', value: 'VCALENDAR' });
    expect(properties.at(-1)).toEqual({ name: 'END', value: 'VCALENDAR' });
    expect(value('VERSION')).toBe('2.0');
    expect(value('PRODID')).toBe('-//Test//EN');
    expect(value('UID')).toBe('day@tedx.example');
    expect(value('DTSTAMP')).toBe('20260102T030405Z');
  });

  it('starts at the launch moment, in UTC, whatever the zone of the machine that built it', () => {
    expect(fromUtc(value('DTSTART') ?? '')).toBe(Date.parse(LAUNCH_AT));
    expect(fromUtc(value('DTEND') ?? '')).toBeGreaterThan(Date.parse(LAUNCH_AT));
  });

  it('round-trips the text fields', () => {
    expect(unescape(value('SUMMARY') ?? '')).toBe(CALENDAR_EVENT.summary);
    expect(unescape(value('DESCRIPTION') ?? '')).toBe(CALENDAR_EVENT.description);
    expect(unescape(value('LOCATION') ?? '')).toBe(CALENDAR_EVENT.location);
  });
});

describe('escapeText', () => {
  it('escapes backslash, semicolon, comma and line breaks', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });
});

describe('foldLine', () => {
  it('leaves a short line alone', () => {
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short');
  });

  it('folds at 75 octets without splitting a multi-byte character', () => {
    const line = `DESCRIPTION:${'é'.repeat(100)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(folded).not.toContain('\uFFFD');
  });
});

describe('icsUtc', () => {
  it('writes a UTC date-time', () => {
    expect(icsUtc(new Date('2031-02-03T01:05:06+03:00'))).toBe('20310202T220506Z');
  });
});
