import { closeSync, fchmodSync, openSync, writeFileSync } from 'node:fs';
import { CliError, firstLine } from './cli-error.ts';

/**
 * Writes the file named by --out, or says in one line why it could not. With `mode`, the file has
 * that mode before anything is written to it, also when it already existed (writeFileSync's mode
 * applies only to a file it creates).
 */
export function writeOutFile(out: string, contents: string, mode?: number): void {
  let fd: number | undefined;
  try {
    fd = openSync(out, 'w', mode);
    if (mode !== undefined) fchmodSync(fd, mode);
    writeFileSync(fd, contents);
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    throw new CliError(
      `Could not write ${out} (${code ?? firstLine(error)}): choose another --out FILE`,
    );
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
