// npm run subscribers -- erase [--yes]: the privacy page's promise kept. Deletes the whole list
// (every sign-up, every delivery record, the suppression list) on whichever backend the settings
// name, in one call to the migration's tedxcommunity_erase_all(), after asking.
import type { Settings } from '../platform/settings.ts';
import { plural, since } from './output/say.ts';
import { confirm } from './confirm.ts';
import { withCaller } from './backend.ts';
import { CliError } from './cli-error.ts';

type Erased =
  | { erased: true; signups: number; deliveries: number; suppressed: number }
  | { erased: false; campaign: string; holder: string; started_at: string };

const ERASE_HINT =
  'Delete the copies too: every export (signups.csv, the backups/ folder) and report, on every computer they were copied to.';

export function erase(settings: Settings, yes: boolean): Promise<number> {
  return withCaller(settings, async (caller, description) => {
    if (!caller) {
      process.stdout.write(`Nothing to erase: ${description}\n`);
      return 0;
    }
    const question = `Erase the whole list on ${description}: every sign-up, every delivery record and the suppression list? This cannot be undone.`;
    const refusal =
      'Not erasing: add --yes to erase the whole list without a question (stdin is not a terminal)';
    if (!yes && !(await confirm(question, refusal))) {
      process.stdout.write('Nothing erased.\n');
      return 1;
    }
    const result = await caller.scalar<Erased>('tedxcommunity_erase_all', {});
    if (!result.erased)
      throw new CliError(
        `Campaign ${result.campaign} is being sent by ${result.holder} since ${since(result.started_at)}: ` +
          'nothing erased. Wait for that run to end (a run that crashed frees it within 2 minutes), then erase',
      );
    process.stdout.write(
      `Erased ${plural(result.signups, 'sign-up')}, ${plural(result.deliveries, 'delivery record')} and ` +
        `${plural(result.suppressed, 'suppressed address', 'suppressed addresses')} from ${description}.\n`,
    );
    process.stderr.write(`${ERASE_HINT}\n`);
    return 0;
  });
}
