// mbox-reader (postalsys) ships no types: the part this project uses.
declare module 'mbox-reader' {
  import type { Readable } from 'node:stream';
  export function mboxReader(
    source: Readable,
    options?: { gz?: boolean },
  ): AsyncGenerator<{ content: Buffer; returnPath: string; time: Date | false }>;
}
