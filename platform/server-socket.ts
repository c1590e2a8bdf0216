// The organiser commands reach the running server over a Unix socket in DATA_DIR, never over
// TCP, which anyone may take once the server stops (decision 0026).
import { join, resolve } from 'node:path';

const SOCKET_FILE = 'server.sock';

/** Bytes a socket's path may have: Linux allows 107, macOS 103. */
const SOCKET_PATH_MAX = 103;

export const socketPath = (dataDir: string) => join(resolve(dataDir), SOCKET_FILE);

/** Why DATA_DIR cannot hold the socket (its path is too long), or null. */
export function socketPathProblem(dataDir: string): string | null {
  const bytes = Buffer.byteLength(socketPath(dataDir));
  return bytes <= SOCKET_PATH_MAX
    ? null
    : `DATA_DIR ${dataDir} is too deep for the organiser commands' socket (${SOCKET_FILE}: ` +
        `${bytes} bytes of path, at most ${SOCKET_PATH_MAX}): they can reach the server's data ` +
        'only while it is stopped; use a shorter DATA_DIR';
}
