// `bounces --file PATH`: an export of the mailbox instead of IMAP. An mbox (Gmail Takeout's, read
// as a stream, one message at a time), an .eml, or a folder of either (every file in it, its
// subfolders too). A file that starts with an mbox "From " line is an mbox, whatever its name.
import { createReadStream, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CliError } from '../cli-error.ts';
import { REPORT_BYTES } from './read-report.ts';

/** The first `bytes` of a file: a message is read no further (read-report.ts). */
async function head(path: string, bytes: number): Promise<Buffer> {
  const chunks: Buffer[] = await Array.fromAsync(createReadStream(path, { end: bytes - 1 }));
  return Buffer.concat(chunks);
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

const SEPARATOR = Buffer.from('\nFrom ');

/** The messages of an mbox, each without its "From " line and at most REPORT_BYTES: what lies
 * beyond is passed over, never held (a 10 MB message costs a pass over it, not 10 MB). */
async function* mboxMessages(file: string): AsyncGenerator<Buffer> {
  const kept: Buffer[] = [];
  let size = 0;
  const keep = (bytes: Buffer) => {
    const part = bytes.subarray(0, Math.max(0, REPORT_BYTES + 1024 - size));
    kept.push(Buffer.from(part));
    size += part.length;
  };
  const message = () => {
    const all = Buffer.concat(kept.splice(0));
    size = 0;
    return all.subarray(all.indexOf(10) + 1, REPORT_BYTES + all.indexOf(10) + 1);
  };
  let carry = Buffer.alloc(0);
  for await (const chunk of createReadStream(file)) {
    const data = Buffer.concat([carry, chunk as Buffer]);
    let from = 0;
    for (let at = data.indexOf(SEPARATOR); at >= 0; at = data.indexOf(SEPARATOR, from)) {
      keep(data.subarray(from, at + 1));
      yield message();
      from = at + 1;
    }
    // The end of a chunk may hold the start of a separator.
    const end = Math.max(from, data.length - SEPARATOR.length + 1);
    keep(data.subarray(from, end));
    carry = data.subarray(end);
  }
  keep(carry);
  if (size > 0) yield message();
}

/** Every message in PATH, in order, each at most REPORT_BYTES. */
export async function* fileMessages(path: string): AsyncGenerator<Buffer> {
  for (const file of filesIn(path)) {
    if ((await head(file, 5)).toString('latin1') === 'From ') yield* mboxMessages(file);
    else yield await head(file, REPORT_BYTES);
  }
}
