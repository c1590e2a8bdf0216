// The running server gets the service-role key only over its socket in DATA_DIR, once this
// command has checked that the lock file, the socket and DATA_DIR itself are this user's own and
// nobody else's to write, and the key file nobody else's to read: then no other user's program can
// stand where the key goes. socket-fetch.ts makes sure every connection reaches that same socket.
// Never over TCP, where whoever takes the port after the server stops would receive it.
import { lstatSync, statSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { LOCK_FILE, readLock } from '../platform/db/lock.ts';
import { socketPath, socketPathProblem } from '../platform/server-socket.ts';
import { notOwn, SERVICE_KEY_FILE } from '../platform/service-key.ts';
import { CliError } from './cli-error.ts';

function mustBeOwn(path: string, stat: Stats | undefined, othersMay: number) {
  if (stat && notOwn(stat, othersMay))
    throw new CliError(
      `${path} is not this user's own (owner ${stat.uid}, mode ${(stat.mode & 0o777).toString(8)}): ` +
        'the service-role key was not sent; stop the server, remove the file, then try again',
    );
}

/**
 * The socket of the server holding DATA_DIR (its path, device and inode), once it is checked.
 * Null when that server has stopped since its lock was read (the lock file or the socket is gone).
 */
export function verifiedServerSocket(dataDir: string): (Stats & { path: string }) | null {
  const lockFile = join(dataDir, LOCK_FILE);
  const lock = statSync(lockFile, { throwIfNoEntry: false });
  if (!lock) return null;
  mustBeOwn(lockFile, lock, 0o022);
  const tooLong = socketPathProblem(dataDir);
  if (tooLong) throw new CliError(tooLong);
  mustBeOwn(dataDir, statSync(dataDir), 0o022);
  const key = join(dataDir, SERVICE_KEY_FILE);
  mustBeOwn(key, statSync(key, { throwIfNoEntry: false }), 0o077);
  const path = socketPath(dataDir);
  const socket = lstatSync(path, { throwIfNoEntry: false });
  if (!socket) {
    if (!readLock(dataDir)) return null;
    throw new CliError(
      `The server holding ${dataDir} has no socket ${path} (a server from before it had one?): ` +
        'restart the server, then try again',
    );
  }
  if (!socket.isSocket())
    throw new CliError(`${path} is not a socket: the service-role key was not sent; remove it`);
  mustBeOwn(path, socket, 0o077);
  return Object.assign(socket, { path });
}
