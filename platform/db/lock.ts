import { randomUUID } from 'node:crypto';
import {
  linkSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';

// PGlite allows one process per data directory. Whoever opens DATA_DIR (the server or the
// organiser CLI) first takes this lock; a lock whose process is gone is stale and is replaced.

export const LOCK_FILE = 'server.lock';

/** DATA_DIR holds every sign-up and the service-role key: only its owner may look inside. */
export const PRIVATE_DIR = 0o700;

/** PGlite's files live in a subdirectory, beside the lock and the generated service key. */
export const pgliteDir = (dataDir: string) => join(dataDir, 'pgdata');

interface LockInfo {
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

/** Whether process `pid` runs on this machine. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The lock file's text and what it says, or null when there is none. */
function readLockFile(path: string): { text: string; info: LockInfo | null } | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return null;
  }
  try {
    const info = JSON.parse(text) as LockInfo;
    return { text, info: Number.isInteger(info.pid) ? info : null };
  } catch {
    return { text, info: null };
  }
}

/** Blocks this thread for `ms` (acquireLock is synchronous, and waits only while another
 * process removes a stale lock). */
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** A holder that is this process or still running (a lock of a gone process is stale). */
const live = (info: LockInfo | null): info is LockInfo =>
  info !== null && (info.pid === process.pid || isAlive(info.pid));

/** The live holder of the lock, or null when there is none (or only a stale one). */
export function readLock(dir: string): LockInfo | null {
  const info = readLockFile(join(dir, LOCK_FILE))?.info ?? null;
  return live(info) ? info : null;
}

/**
 * The lock file never exists half-written: it is written whole under a name of this process's
 * own, then linked (taken; fails if one exists) or renamed (updated) into place. A reader that
 * found it empty while its writer was still writing took it for stale, and two organiser
 * commands started together both opened the database (both mailed everyone).
 */
function writeWhole(path: string, info: LockInfo, into: 'link' | 'rename'): boolean {
  const own = `${path}.${process.pid}.${randomUUID()}`;
  writeFileSync(own, JSON.stringify(info) + '\n', { mode: 0o600 });
  try {
    if (into === 'rename') renameSync(own, path);
    else linkSync(own, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(own, { force: true });
  }
}

export function acquireLock(dir: string) {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
  const path = join(dir, LOCK_FILE);
  const takeover = `${path}.takeover`;
  const mine: LockInfo = { pid: process.pid, port: null, host: null };
  for (let attempt = 0; !writeWhole(path, mine, 'link'); attempt++) {
    const found = readLockFile(path);
    if (!found) continue; // released meanwhile: try again
    if (live(found.info)) throw new DataDirLockedError(dir, found.info);
    if (attempt > 500) throw new Error(`could not take the stale lock ${path}: remove it`);
    // Stale. Only the process that makes the takeover directory (mkdir: exactly one wins)
    // removes it, after reading it again: so a lock another process has just taken is never
    // removed as stale. The others wait a moment and look again.
    try {
      mkdirSync(takeover);
    } catch {
      const made = statSync(takeover, { throwIfNoEntry: false });
      if (made && Date.now() - made.mtimeMs > 10_000)
        rmSync(takeover, { recursive: true, force: true }); // left by a process that died in it
      else pause(10);
      continue;
    }
    try {
      const again = readLockFile(path);
      if (again?.text === found.text && !live(again.info)) rmSync(path, { force: true });
    } finally {
      rmSync(takeover, { recursive: true, force: true });
    }
  }
  let released = false;
  return {
    /** Record where the server answers, so the CLI can ask it. */
    update(port: number, host: string) {
      if (!released) writeWhole(path, { pid: process.pid, port, host }, 'rename');
    },
    release() {
      if (released) return;
      released = true;
      const holder = readLock(dir);
      if (holder?.pid === process.pid) rmSync(path, { force: true });
    },
  };
}
