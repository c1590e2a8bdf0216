// Where the organiser commands read and write, always through supabase-js with the service-role
// key, as every other client: hosted Supabase (SUPABASE_URL), the running server that holds
// DATA_DIR (over its socket there, verified-server.ts), or else the app itself in this process,
// on DATABASE_URL or on DATA_DIR under its lock.
import { createClient } from '@supabase/supabase-js';
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { DataDirLockedError, pgliteDir, readLock } from '../platform/db/lock.ts';
import { MigrationChangedError } from '../platform/db/migrate.ts';
import type { Db } from '../platform/db/types.ts';
import { retentionNotice } from '../platform/retention.ts';
import { readServiceRoleKey } from '../platform/service-key.ts';
import { DATABASE_URL_ADVICE, type Settings } from '../platform/settings.ts';
import { normaliseEmail } from '../common/normalise-signup.ts';
import { CliError, firstLine } from './cli-error.ts';
import { functionCaller, type FunctionCaller } from './function-caller.ts';
import { say } from './output/say.ts';
import { countSignups } from './read-signups.ts';
import { socketFetch } from './socket-fetch.ts';
import { verifiedServerSocket } from './verified-server.ts';

/** How long to wait for whoever holds DATA_DIR without a socket to answer on: a server starting,
 * or another command, which may end. */
const HOLDER_WAIT_MS = 20_000;

const remote = (
  url: string,
  key: string,
  description: string,
  fetch?: typeof globalThis.fetch,
) => ({
  caller: functionCaller(
    createClient(url, key, { auth: { persistSession: false }, global: { fetch } }),
    description,
  ),
  description,
  close: async () => {},
});

/** The app in this process, over `db`, with a key of its own that never leaves the process. */
export async function inProcessCaller(db: Db, settings: Settings, description: string) {
  // Loaded here only: asking a server or Supabase needs neither the app nor a database engine.
  const { createApp } = await import('../server/app.ts');
  const key = randomBytes(32).toString('base64url');
  const app = createApp({ db, settings: { ...settings, serviceRoleKey: key }, distDir: null });
  return remote('http://in-process', key, description, (input, init) =>
    Promise.resolve(app.fetch(new Request(input, init))),
  ).caller;
}

/** The database the settings name, opened here (throws DataDirLockedError if another has it). */
async function inProcess(settings: Settings, description: string, advice: string) {
  const { openDatabase } = await import('../platform/db/open.ts');
  const opened = await openDatabase(settings).catch((error: unknown) => {
    if (error instanceof DataDirLockedError) throw error;
    if (error instanceof MigrationChangedError) throw new CliError(error.message);
    throw new CliError(`Could not open ${description}: ${firstLine(error)}. ${advice}`);
  });
  const caller = await inProcessCaller(opened.db, settings, description);
  return { caller, description, close: () => opened.close() };
}

async function openBackend(settings: Settings) {
  if (settings.supabaseUrl) {
    if (!settings.serviceRoleKey)
      throw new CliError('SUPABASE_URL is set: set SUPABASE_SERVICE_ROLE_KEY too');
    const url = settings.supabaseUrl;
    return remote(url, settings.serviceRoleKey, `Supabase at ${url}`);
  }
  if (settings.databaseUrl) {
    return inProcess(settings, 'PostgreSQL (DATABASE_URL)', DATABASE_URL_ADVICE);
  }
  const { dataDir } = settings;
  let pid: number | undefined;
  for (const until = Date.now() + HOLDER_WAIT_MS; Date.now() < until;) {
    const holder = readLock(dataDir);
    if (holder?.port) {
      const key = readServiceRoleKey(settings.serviceRoleKey, dataDir);
      if (!key)
        throw new CliError(
          'No service-role key: set SUPABASE_SERVICE_ROLE_KEY as the server has it',
        );
      const socket = verifiedServerSocket(dataDir);
      if (socket)
        return remote(
          'http://localhost',
          key,
          `the running server (${socket.path})`,
          socketFetch(socket),
        );
      continue; // it stopped since readLock: look again
    }
    if (!holder && !existsSync(pgliteDir(dataDir)))
      return { caller: null, description: `${dataDir} (no database yet)`, close: async () => {} };
    if (!holder) {
      try {
        return await inProcess(settings, `PGlite in ${dataDir}`, 'Check DATA_DIR');
      } catch (error) {
        if (!(error instanceof DataDirLockedError)) throw error;
        // Another command took it since readLock: wait for it like any holder.
      }
    }
    // Said once, so that a wait of up to HOLDER_WAIT_MS is not a silent one.
    if (holder && pid === undefined)
      say(
        `${dataDir} is held by process ${holder.pid} (another organiser command, or the server starting): waiting up to ${HOLDER_WAIT_MS / 1000} s for it`,
      );
    pid = holder?.pid ?? pid;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new CliError(
    `${dataDir} is held by ${pid ? `process ${pid}` : 'a process'} (another organiser command, or a server that is not answering): wait for it to end, then try again`,
  );
}

/** The reminder a command's last backend found due, asked before it closed: opening the database
 * again for it would cost every command (an in-process PGlite open is half a second). */
const reminder = new AsyncLocalStorage<{ notice: string | null }>();

/** What `run` answers, and the privacy page's reminder as the last backend it opened left it. */
export async function withReminder<T>(run: () => Promise<T>) {
  const found = { notice: null as string | null };
  return { result: await reminder.run(found, run), notice: found.notice };
}

/**
 * Opens the backend the settings name, hands `fn` its caller (null when there is no database
 * yet) and its description, and closes it afterwards, whatever happens.
 */
export async function withCaller<T>(
  settings: Settings,
  fn: (caller: FunctionCaller | null, description: string) => Promise<T>,
): Promise<T> {
  const backend = await openBackend(settings);
  try {
    const result = await fn(backend.caller, backend.description);
    const found = reminder.getStore();
    const { caller } = backend;
    // A reminder that cannot be worked out is left out: the command itself has done its work.
    if (found)
      found.notice = await retentionNotice(() => (caller ? countSignups(caller) : 0)).catch(
        () => null,
      );
    return result;
  } finally {
    await backend.close();
  }
}

type EmailLine = (email: string, description: string) => string;

/**
 * One address for a migration function that takes it in any case (p_email) and answers whether
 * it was there: says on stdout which (`lines`), with the address as stored.
 */
export function callForEmail(
  settings: Settings,
  fn: string,
  email: string,
  lines: { found: EmailLine; notFound: EmailLine },
): Promise<number> {
  return withCaller(settings, async (caller, description) => {
    const found = caller !== null && (await caller.scalar<boolean>(fn, { p_email: email }));
    const say = found ? lines.found : lines.notFound;
    process.stdout.write(say(normaliseEmail(email), description) + '\n');
    return 0;
  });
}
