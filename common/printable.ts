/**
 * Control characters (C0, DEL, C1) spelled out as `\x1b`, `\u009b`: a log line or a terminal
 * shows what a stranger sent (a request's path, a visitor's name) and never runs it (an escape
 * sequence can set the clipboard, retitle the window or hide what follows). Bidi embeddings,
 * overrides and isolates too (`\u202e`): they reorder the rest of the line, so a printed command
 * would read as another. The organiser commands print through it (cli/run-command.ts), as the
 * server's log does (server/app.ts).
 */
export const printable = (text: string) =>
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  text.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, (c) => {
    const code = c.charCodeAt(0).toString(16);
    return c < '\u0080' ? `\\x${code.padStart(2, '0')}` : `\\u${code.padStart(4, '0')}`;
  });
