import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { PRIVATE_DIR } from './db/lock.ts';

export const SERVICE_KEY_FILE = 'service-role-key';

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
export function readServiceRoleKey(
  configured: string | undefined,
  dataDir: string,
): string | undefined {
  if (configured) return configured;
  try {
    return readFileSync(join(dataDir, SERVICE_KEY_FILE), 'utf8').trim();
  } catch {
    return undefined;
  }
}
