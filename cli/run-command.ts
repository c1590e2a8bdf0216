// How both organiser commands start and end: bad arguments are the one line and the usage (exit
// 2); a failure they know is one line (exit 1), never a stack trace.
import { DataDirLockedError } from '../platform/db/lock.ts';
import { CliError, firstLine } from './cli-error.ts';

type ErrorClass = abstract new (...args: never[]) => Error;

/** The arguments' one line and the usage on stderr; exit code 2. */
export function usageError(line: string, usage: string): number {
  process.stderr.write(`${line}\n\n${usage}\n`);
  return 2;
}

/**
 * Runs `main` as the process. CliError, DataDirLockedError and the `known` errors are one line;
 * a database that went away or refused mid-command (a PostgreSQL code, ECONNRESET…) is one line
 * ending in `advice`, what to do next.
 */
export async function runCommand(
  main: () => Promise<number>,
  advice: string,
  known: ErrorClass[] = [],
): Promise<void> {
  try {
    process.exitCode = await main();
  } catch (error) {
    if ([CliError, DataDirLockedError, ...known].some((type) => error instanceof type)) {
      process.stderr.write(`${(error as Error).message}\n`);
    } else if (typeof (error as { code?: unknown }).code === 'string') {
      const { code } = error as { code: string };
      process.stderr.write(`Database error (${code}): ${firstLine(error)}. ${advice}\n`);
    } else {
      throw error;
    }
    process.exitCode = 1;
  }
}
