// What the command says to the organiser: lines on stderr (stdout is for the dry run's message),
// and numbers and moments as people read them.
import { printable } from '../../common/printable.ts';

export const say = (line: string) => process.stderr.write(line + '\n');
export const formatCount = (x: number) => x.toLocaleString('en-US');
/** A count with its noun: 1 sign-up, 3 sign-ups, 1,200 delivery records. */
export const plural = (n: number, one: string, many = `${one}s`) =>
  `${formatCount(n)} ${n === 1 ? one : many}`;
/** A moment as the commands write it: 2026-11-25T20:00:00Z. */
export const since = (iso: string) => new Date(iso).toISOString().replace(/\.\d+Z$/, 'Z');

/**
 * A shell word that is exactly `s`, whatever it holds: an address may hold `$`, `` ` `` or `'`.
 * One stored before the rule may hold control characters, which the terminal shows spelled out
 * (cli/run-command.ts): those are written as bash's and zsh's $'…', which reads `\x1b` back as ESC.
 */
export function shellQuote(s: string): string {
  if (printable(s) === s) return `'${s.replace(/'/g, `'\\''`)}'`;
  return `$'${printable(s.replace(/[\\']/g, '\\$&'))}'`;
}
