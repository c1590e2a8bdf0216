// How both organiser commands start and end: bad arguments are the one line and the usage (exit
// 2); a failure they know is one line (exit 1), never a stack trace.
import { printable } from '../common/printable.ts';
import { CliError, firstLine } from './cli-error.ts';

type Write = (chunk: unknown, ...rest: unknown[]) => boolean;

const rawWrites = new WeakMap<NodeJS.WriteStream, Write>();

/**
 * The one place the commands' output passes: a name or an address a visitor typed (rows stored
 * before the table refused control characters included) reaches the terminal with its control
 * characters spelled out (common/printable.ts), never run; a newline still ends a line. stderr is
 * always for people. stdout is escaped when it is a terminal; piped or redirected it is data (the
 * CSV export, the dry run's message) and stays byte for byte what the database holds, as
 * `--out FILE` does. Every command writes strings; anything else passes as it is.
 */
function escapeOutput(stream: NodeJS.WriteStream): void {
  const write = stream.write.bind(stream) as Write;
  rawWrites.set(stream, write);
  const escaped: Write = (chunk, ...rest) =>
    write(typeof chunk === 'string' ? chunk.split('\n').map(printable).join('\n') : chunk, ...rest);
  stream.write = escaped as NodeJS.WriteStream['write'];
}

/** For the command's own control sequences (the progress bar's redraw): written as they are. */
export const writeRaw = (stream: NodeJS.WriteStream, text: string) =>
  (rawWrites.get(stream) ?? (stream.write.bind(stream) as Write))(text);

export function usageError(line: string, usage: string): number {
  process.stderr.write(`${line}\n\n${usage}\n`);
  return 2;
}

/**
 * Runs `main` as the process. A CliError is one line;
 * a database that went away or refused mid-command (a PostgreSQL code, ECONNRESET…) is one line
 * ending in `advice`, what to do next.
 */
export async function runCommand(main: () => Promise<number>, advice: string): Promise<void> {
  escapeOutput(process.stderr);
  if (process.stdout.isTTY) escapeOutput(process.stdout);
  try {
    process.exitCode = await main();
  } catch (error) {
    if (error instanceof CliError) {
      process.stderr.write(`${error.message}\n`);
    } else if (typeof (error as { code?: unknown }).code === 'string') {
      const { code } = error as { code: string };
      process.stderr.write(`Database error (${code}): ${firstLine(error)}. ${advice}\n`);
    } else {
      throw error;
    }
    process.exitCode = 1;
  }
}
