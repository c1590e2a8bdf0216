import { mkdirSync, readFileSync, statSync, writeFileSync, type Stats } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { PRIVATE_DIR } from './db/lock.ts';

export const SERVICE_KEY_FILE = 'service-role-key';

/** Whether another user owns `stat`'s file or has any of the permission bits `others`. */
export const notOwn = (stat: Stats, others: number) =>
  (process.getuid !== undefined && stat.uid !== process.getuid()) || (stat.mode & others) !== 0;

/**
 * One line when DATA_DIR is no folder, or it or the key file in it is another user's, or others
 * may read or write it: a key planted there would be served as the organisers' (decision 0026).
 * Null when neither is, or they do not exist yet.
 */
export function dataDirProblem(dataDir: string): string | null {
  if (statSync(dataDir, { throwIfNoEntry: false })?.isDirectory() === false)
    return `DATA_DIR ${dataDir} is a file: set DATA_DIR to a folder (it is made if missing)`;
  const key = join(dataDir, SERVICE_KEY_FILE);
  for (const [path, mode] of [
    [dataDir, '700'],
    [key, '600'],
  ]) {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat || !notOwn(stat, 0o077)) continue;
    const fix = `${stat.uid === process.getuid?.() ? '' : `chown ${process.getuid?.()} ${path} && `}chmod ${mode} ${path}`;
    return (
      `${path} is not this user's alone (owner ${stat.uid}, mode ${(stat.mode & 0o777).toString(8)}), ` +
      `and the service-role key is kept there: ${fix}, delete ${key} if you did not make it, then start again`
    );
  }
  return null;
}

/**
 * The organiser key: SUPABASE_SERVICE_ROLE_KEY when set, else the one generated into DATA_DIR on
 * first start (mode 600: only this user can read it). It bypasses row-level security; it is
 * never sent to a browser.
 */
export function resolveServiceRoleKey(configured: string | undefined, dataDir: string): string {
  const existing = readServiceRoleKey(configured, dataDir);
  if (existing) return existing;
  const path = join(dataDir, SERVICE_KEY_FILE);
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR });
  const key = 'sb_secret_' + randomBytes(32).toString('base64url');
  try {
    writeFileSync(path, key + '\n', { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      return readFileSync(path, 'utf8').trim();
    throw error;
  }
  return key;
}

/** The generated key, if there is one (the CLI, which must not create it). */
export function readServiceRoleKey(configured: string | undefined, dataDir: string) {
  if (configured) return configured;
  try {
    return readFileSync(join(dataDir, SERVICE_KEY_FILE), 'utf8').trim();
  } catch {
    return undefined;
  }
}
