// The running server gets the service-role key only once this command has checked it: a lock
// file alone proves nothing, as anyone who can write one, or listen on the port it names, would
// otherwise receive the key.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { statSync } from 'node:fs';
import { BlockList, isIP } from 'node:net';
import { join } from 'node:path';
import { LOCK_FILE, type LockInfo } from '../platform/db/lock.ts';
import { HOLDER_PROOF_PATH, holderProof } from '../platform/holder-proof.ts';
import { CliError } from './cli-error.ts';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

const isLoopback = (host: string) =>
  isIP(host) !== 0 && LOOPBACK.check(host, isIP(host) === 4 ? 'ipv4' : 'ipv6');

/**
 * The server's URL once the lock file is this user's own and not writable by others, the server
 * listens on loopback, and it has answered a challenge as only the lock's holder with `key` can.
 * Null when the lock file is gone: the holder stopped since it was read.
 */
export async function verifiedServerUrl(
  dataDir: string,
  holder: LockInfo,
  key: string,
): Promise<string | null> {
  const lockFile = join(dataDir, LOCK_FILE);
  const stat = statSync(lockFile, { throwIfNoEntry: false });
  if (!stat) return null;
  const { uid, mode } = stat;
  if ((process.getuid && uid !== process.getuid()) || (mode & 0o022) !== 0)
    throw new CliError(
      `${lockFile} is not this user's own (owner ${uid}, mode ${(mode & 0o777).toString(8)}): ` +
        'the service-role key was not sent; stop the server, remove the file, then try again',
    );
  const wildcard = !holder.host || holder.host === '0.0.0.0' || holder.host === '::';
  const host = wildcard ? '127.0.0.1' : (holder.host as string);
  if (!isLoopback(host))
    throw new CliError(
      `The server holding ${dataDir} listens on ${host}, not on loopback: the service-role key ` +
        'goes to this machine only: restart the server with HOST=127.0.0.1 (or 0.0.0.0)',
    );
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${holder.port}`;
  const challenge = randomBytes(16).toString('hex');
  const expected = Buffer.from(holderProof(key, challenge, holder.pid));
  const answer = await fetch(`${url}${HOLDER_PROOF_PATH}?challenge=${challenge}`, {
    redirect: 'error',
    signal: AbortSignal.timeout(10_000),
  })
    .then(async (response) => Buffer.from(response.ok ? (await response.text()).trim() : ''))
    .catch(() => Buffer.alloc(0));
  if (answer.length !== expected.length || !timingSafeEqual(answer, expected))
    throw new CliError(
      `The server on ${url} did not prove it holds ${dataDir}, so the service-role key was not ` +
        'sent: set SUPABASE_SERVICE_ROLE_KEY as the server has it, or stop what listens there',
    );
  return url;
}
