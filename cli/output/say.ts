// What the command says to the organiser: lines on stderr (stdout is for the dry run's message),
// and numbers and moments as people read them.
export const say = (line: string) => process.stderr.write(line + '\n');
export const formatCount = (x: number) => x.toLocaleString('en-US');
/** A moment as the commands write it: 2026-11-25T20:00:00Z. */
export const since = (iso: string) => new Date(iso).toISOString().replace(/\.\d+Z$/, 'Z');
