// What every mode of `npm run announce` shares: the settings and message it runs with, and the
// campaign's records on whichever backend the settings name.
import type { Settings } from '../../../platform/settings.ts';
import { withCaller } from '../../backend.ts';
import type { FunctionCaller } from '../../function-caller.ts';
import { CliError } from '../../cli-error.ts';
import type { MailSettings } from '../mail/compose.ts';
import { announceStore, type AnnounceStore } from '../sending/store.ts';
import type { AnnounceArgs } from './args.ts';

export interface AnnounceContext extends MailSettings {
  args: AnnounceArgs;
  settings: Settings;
}

export function withStore<T>(
  context: AnnounceContext,
  fn: (store: AnnounceStore, caller: FunctionCaller) => Promise<T>,
): Promise<T> {
  return withCaller(context.settings, (caller, description) => {
    if (!caller) throw new CliError(`Nobody has signed up yet (${description})`);
    return fn(announceStore(caller), caller);
  });
}
