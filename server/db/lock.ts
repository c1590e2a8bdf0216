import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// PGlite allows one process per data directory. Whoever opens DATA_DIR (the server or the
// organiser CLI) first takes this lock; a lock whose process is gone is stale and is replaced.

export const LOCK_FILE = 'server.lock';

/** DATA_DIR holds every sign-up and the service-role key: only its owner may look inside. */
export const PRIVATE_DIR = 0o700;

/** PGlite's files live in a subdirectory, beside the lock and the generated service key. */
export const pgliteDir = (dataDir: string) => join(dataDir, 'pgdata');

export interface LockInfo {
  pid: number;
  /** The port the server answers on; null while starting, or for the CLI. */
  port: number | null;
  host: string | null;
}

export class DataDirLockedError extends Error {
  readonly holder: LockInfo;
  constructor(dir: string, holder: LockInfo) {
    super(`DATA_DIR ${dir} is in use by process ${holder.pid}`);
    this.name = 'DataDirLockedError';
    this.holder = holder;
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live holder of the lock, or null when there is none (or only a stale one). */
export function readLock(dir: string): LockInfo | null {
  let info: LockInfo;
  try {
    info = JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')) as LockInfo;
  } catch {
    return null;
  }
  if (!Number.isInteger(info.pid)) return null;
  if (info.pid !== process.pid && !isAlive(info.pid)) return null;
  return info;
}

export interface DataDirLock {
  /** Record where the server answers, so the CLI can ask it. */
  update(port: number, host: string): void;
  release(): void;
}

export function acquireLock(dir: string): DataDirLock {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
  const path = join(dir, LOCK_FILE);
  const write = (info: LockInfo, flag: 'wx' | 'w') =>
    writeFileSync(path, JSON.stringify(info) + '\n', { flag });
  const mine: LockInfo = { pid: process.pid, port: null, host: null };
  for (let attempt = 0; ; attempt++) {
    try {
      write(mine, 'wx'); // O_EXCL: exactly one process wins
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 2) throw error;
      const holder = readLock(dir);
      if (holder && holder.pid !== process.pid) throw new DataDirLockedError(dir, holder);
      rmSync(path, { force: true }); // stale: its process is gone
    }
  }
  let released = false;
  return {
    update(port, host) {
      if (!released) write({ pid: process.pid, port, host }, 'w');
    },
    release() {
      if (released) return;
      released = true;
      const holder = readLock(dir);
      if (holder?.pid === process.pid) rmSync(path, { force: true });
    },
  };
}
