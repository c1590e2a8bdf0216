// What every mode of `npm run announce` shares: the settings and message it runs with, and the
// campaign's records on whichever backend the settings name.
import type { Settings } from '../../../server/settings.ts';
import { functionCaller, type FunctionCaller } from '../../rpc.ts';
import { CliError, openBackend } from '../../sources.ts';
import type { MessageTemplate } from '../mail/message.ts';
import { announceStore, type AnnounceStore } from '../sending/store.ts';
import type { AnnounceArgs } from './args.ts';

export interface AnnounceContext {
  args: AnnounceArgs;
  settings: Settings;
  from: string;
  siteUrl: string;
  /** Where the unsubscribe links point (see unsubscribeEndpoint). */
  unsubscribeEndpoint: string;
  template: MessageTemplate;
}

export async function withStore<T>(
  context: AnnounceContext,
  fn: (store: AnnounceStore, caller: FunctionCaller) => Promise<T>,
) {
  const backend = await openBackend(context.settings);
  try {
    if (backend.kind === 'none')
      throw new CliError(`Nobody has signed up yet (${backend.description})`);
    const caller = functionCaller(backend);
    return await fn(announceStore(caller), caller);
  } finally {
    await backend.close();
  }
}
