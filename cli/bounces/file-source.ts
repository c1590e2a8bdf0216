// `bounces --file PATH`: an export of the mailbox instead of IMAP. An mbox (Gmail Takeout's, read
// by mbox-reader, one message at a time), an .eml, or a folder of either (every file in it, its
// subfolders too). A file that starts with an mbox "From " line is an mbox, whatever its name.
import { createReadStream, openSync, readSync, closeSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { mboxReader } from 'mbox-reader';
import { CliError } from '../cli-error.ts';
import { REPORT_BYTES } from './read-report.ts';

/** The first `bytes` of a file: a message is read no further (read-report.ts). */
function head(path: string, bytes: number): Buffer {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    return buffer.subarray(0, readSync(fd, buffer, 0, bytes, 0));
  } finally {
    closeSync(fd);
  }
}

function filesIn(path: string): string[] {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) throw new CliError(`--file ${path}: no such file or folder`);
  if (stat.isFile()) return [path];
  if (!stat.isDirectory()) throw new CliError(`--file ${path}: not a file or a folder`);
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('.'))
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((entry) =>
      entry.isDirectory() || entry.isFile() ? filesIn(join(path, entry.name)) : [],
    );
}

/** Every message in PATH, in order, each at most REPORT_BYTES. */
export async function* fileMessages(path: string): AsyncGenerator<Buffer> {
  for (const file of filesIn(path)) {
    if (head(file, 5).toString('latin1') === 'From ') {
      for await (const message of mboxReader(createReadStream(file)))
        yield message.content.subarray(0, REPORT_BYTES);
    } else yield head(file, REPORT_BYTES);
  }
}
