// A stranger's text as one plain line: no control character (C0, DEL, C1), no line or paragraph
// separator and no bidi control reaches a terminal or the suppression list; runs of space become
// one; at most `max` characters.
export const cleanText = (text: string, max: number) =>
  text
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028-\u202e\u2066-\u2069\u200e\u200f\u061c]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);
