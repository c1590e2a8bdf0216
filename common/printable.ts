/**
 * The control characters, spelled once: C0, DEL, C1, the line and paragraph separators and the
 * bidi embeddings, overrides and isolates that reorder what follows; not zero widths or bidi
 * marks, which Persian and Indic names are spelled with. The sign-up's first name refuses them.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028-\u202e\u2066-\u2069]/;
const CONTROLS = new RegExp(CONTROL, 'g');

/**
 * Control characters (CONTROL, bidi ones too) spelled out as `\x1b`, `\u202e`: a log line or a
 * terminal shows what a stranger sent (a request's path, a visitor's name) and never runs or
 * reorders it (an escape sequence can set the clipboard, retitle the window or hide what follows).
 * The organiser commands print through it (cli/run-command.ts), as the server's log does.
 */
export const printable = (text: string) =>
  text.replace(CONTROLS, (c) => {
    const code = c.charCodeAt(0).toString(16);
    return c < '\u0080' ? `\\x${code.padStart(2, '0')}` : `\\u${code.padStart(4, '0')}`;
  });
