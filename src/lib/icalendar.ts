// A one-event iCalendar file (RFC 5545): CRLF line ends, text escaped, lines folded at 75
// octets, times in UTC so every calendar shows the event at the right moment in its own zone.

export interface CalendarEvent {
  /** Globally unique and stable, so a second import updates the entry instead of doubling it. */
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  location: string;
  url: string;
  /** When this file was made (DTSTAMP). */
  stamp: Date;
}

const CRLF = '\r\n';
const MAX_OCTETS = 75;

/** 20251115T060000Z */
export function icsUtc(date: Date): string {
  return date.toISOString().replace(/[-:]|\.\d{3}/g, '');
}

/** TEXT values (RFC 5545 3.3.11): backslash, semicolon, comma and line breaks escaped. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * Fold a content line into chunks of at most 75 octets, each continuation starting with one
 * space (RFC 5545 3.1), never splitting a UTF-8 character.
 */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const chunks: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).byteLength;
    // Continuation lines carry a leading space, which counts towards their 75.
    const limit = chunks.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (octets + size > limit) {
      chunks.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  chunks.push(current);
  return chunks.join(`${CRLF} `);
}

export function icsCalendar(event: CalendarEvent, productId: string): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${productId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${icsUtc(event.stamp)}`,
    `DTSTART:${icsUtc(event.start)}`,
    `DTEND:${icsUtc(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `LOCATION:${escapeText(event.location)}`,
    `URL:${event.url}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
