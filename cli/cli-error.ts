// The failures the organiser commands know: each is one line on stderr, never a stack trace.
export class CliError extends Error {}

/** An error's first line; Node's connection errors can have an empty message but a code. */
export function firstLine(error: unknown): string {
  const { message, code } = error as { message?: string; code?: string };
  return (message || code || String(error)).split('\n')[0];
}
