import { describe, expect, it } from 'vitest';
import { EVENT_DATE_ISO, EVENT_DATE_LONG, EVENT_TIME_ZONE, LAUNCH_AT } from './event';
import { addMonths, dateIn, eventDates, ordinal } from './event-dates';

describe('ordinal', () => {
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [15, '15th'],
    [21, '21st'],
    [22, '22nd'],
    [23, '23rd'],
    [30, '30th'],
    [31, '31st'],
  ])('%i → %s', (day, written) => expect(ordinal(day)).toBe(written));
});

describe('eventDates', () => {
  it("writes a launch moment in the forms the site shows it (2025's)", () => {
    expect(eventDates('2025-11-15T09:00:00+03:00', 'Africa/Kampala')).toEqual({
      iso: '2025-11-15',
      long: 'November 15th, 2025',
      short: 'Nov 15, 2025',
      year: 2025,
    });
  });

  it('writes another launch moment: next March', () => {
    expect(eventDates('2026-03-07T09:00:00+03:00', 'Africa/Kampala')).toEqual({
      iso: '2026-03-07',
      long: 'March 7th, 2026',
      short: 'Mar 7, 2026',
      year: 2026,
    });
  });

  it("takes the date in the event's time zone, not the offset it was written with", () => {
    // 22:30 UTC on New Year's Eve is already 1 January in Kampala (UTC+3).
    expect(eventDates('2026-12-31T22:30:00Z', 'Africa/Kampala')).toMatchObject({
      iso: '2027-01-01',
      long: 'January 1st, 2027',
      year: 2027,
    });
  });

  it('refuses a launch moment that is not a date, or has no offset', () => {
    expect(() => eventDates('15 Nov', 'Africa/Kampala')).toThrow(/Not a date/);
    expect(() => eventDates('2025-11-15T09:00:00', 'Africa/Kampala')).toThrow(/offset/);
  });

  it('is what the content module exports', () => {
    const dates = eventDates(LAUNCH_AT, EVENT_TIME_ZONE);
    expect(EVENT_DATE_LONG).toBe(dates.long);
    expect(EVENT_DATE_ISO).toBe(dates.iso);
  });
});

describe('addMonths', () => {
  it.each([
    ['2025-11-15', 6, '2026-05-15'],
    ['2025-11-15', 1, '2025-12-15'],
    ['2025-11-15', 2, '2026-01-15'],
    ['2025-08-31', 6, '2026-02-28'],
    ['2027-08-31', 6, '2028-02-29'],
    ['2025-01-31', 0, '2025-01-31'],
    ['2025-03-10', 24, '2027-03-10'],
  ])('%s + %i months = %s', (iso, months, expected) => {
    expect(addMonths(iso, months)).toBe(expected);
  });
});

describe('dateIn', () => {
  it('is the calendar date in that zone, not in UTC', () => {
    // 22:30 UTC on 14 May is already 15 May in Kampala (UTC+3).
    expect(dateIn('Africa/Kampala', new Date('2026-05-14T22:30:00Z'))).toBe('2026-05-15');
    expect(dateIn('UTC', new Date('2026-05-14T22:30:00Z'))).toBe('2026-05-14');
  });
});
