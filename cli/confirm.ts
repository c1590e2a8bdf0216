// A yes/no question on the terminal before something that cannot be taken back (sending a
// campaign, erasing the list). Without a terminal nobody can answer: the command stops with one
// line naming the flag that answers in advance.
import { createInterface } from 'node:readline/promises';
import { CliError } from './cli-error.ts';

/** Asks `question` on stderr; true only for y or yes. `refusal`: the line when stdin is no terminal. */
export async function confirm(question: string, refusal: string): Promise<boolean> {
  if (!process.stdin.isTTY) throw new CliError(refusal);
  // terminal: false, so the terminal itself echoes and edits the answer: readline's own redraws
  // are escape sequences, which cli/run-command.ts would spell out on stderr.
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: false });
  try {
    return /^y(es)?$/i.test((await rl.question(`${question} [y/N] `)).trim());
  } finally {
    rl.close();
  }
}
