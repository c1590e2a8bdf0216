// Errors after which this process cannot serve again: the embedded engine aborted, the disk is
// full or failing. The process must end (one line, non-zero exit) so a supervisor restarts it,
// rather than answer 500 to every request from then on.

/** SQLSTATEs: disk full, out of memory, I/O error, corrupted data or index, PANIC-class. */
const FATAL_SQLSTATES = /^(53100|53200|58030|XX001|XX002)$/;
const FATAL_ERRNO = /^(ENOSPC|EIO|EROFS|EDQUOT)$/;

/** A short reason when `error` is fatal; null when the next request may well succeed. */
export function fatalReason(error: unknown): string | null {
  if (error instanceof WebAssembly.RuntimeError)
    return `the embedded database aborted (${error.message})`;
  if (typeof error !== 'object' || error === null) return null;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && FATAL_ERRNO.test(code))
    return `the disk refused a write (${code})`;
  if (typeof code === 'string' && FATAL_SQLSTATES.test(code))
    return `the database failed (SQLSTATE ${code})`;
  // PGlite after an abort: every later call says it is closed, or aborted.
  if (typeof message === 'string' && /^(Aborted\(|PGlite is closed)/.test(message)) {
    return `the embedded database stopped (${message.slice(0, 80)})`;
  }
  return null;
}
