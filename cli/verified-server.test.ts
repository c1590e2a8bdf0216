// The service-role key goes only to a loopback server that proved it holds DATA_DIR: a forged
// lock (another program's port, a far host, a file anyone could have written) never receives it.
// The listener below stands where the lock points and records every key it is sent.
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCK_FILE, pgliteDir } from '../platform/db/lock.ts';
import { HOLDER_PROOF_PATH, holderProof } from '../platform/holder-proof.ts';
import { verifiedServerUrl } from './verified-server.ts';
import { listen, type Listening } from '../test-support/listen.ts';
import { runCli } from '../test-support/server-process.ts';

const KEY = 'sb_secret_the-organisers-key';

describe('the service-role key and a server found through the lock file', () => {
  let dir: string;
  let listener: Listening;
  let port: number;
  /** The key it proves it knows (null: it answers no challenge), and what it was sent. */
  let provesWith: string | null;
  /** The process it answers as: the lock's holder, unless another server answers there. */
  let provesAs: number;
  let keysSeen: string[];
  let requests: number;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tedx-forged-'));
    mkdirSync(pgliteDir(dir));
    listener = await listen((request) => {
      requests++;
      const sent = [request.headers.get('apikey'), request.headers.get('authorization')];
      keysSeen.push(...sent.filter((header): header is string => header !== null));
      const url = new URL(request.url);
      if (url.pathname !== HOLDER_PROOF_PATH) return new Response('5');
      const challenge = url.searchParams.get('challenge') ?? '';
      return new Response(provesWith ? holderProof(provesWith, challenge, provesAs) : 'ok');
    });
    port = Number(new URL(listener.origin).port);
  });
  afterAll(async () => {
    await listener.close();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    provesWith = null;
    provesAs = process.pid;
    keysSeen = [];
    requests = 0;
  });

  /** A lock naming this (live) test process as the holder, on the listener's port. */
  function forgeLock(host: string, mode = 0o600) {
    const path = join(dir, LOCK_FILE);
    rmSync(path, { force: true });
    writeFileSync(path, JSON.stringify({ pid: process.pid, port, host }));
    chmodSync(path, mode);
    return path;
  }
  const count = () =>
    runCli(['cli/subscribers.ts', 'count'], { DATA_DIR: dir, SUPABASE_SERVICE_ROLE_KEY: KEY });

  it('sends the key to a loopback server that proves it holds DATA_DIR with that key', async () => {
    provesWith = KEY;
    forgeLock('0.0.0.0');
    expect(await count()).toMatchObject({ code: 0, stdout: '5\n' });
    expect(keysSeen).toContain(KEY);
  });

  it.each([
    ['answers no challenge', null, 0],
    ['knows another key', 'sb_secret_another', 0],
    ['knows the key but does not hold DATA_DIR', KEY, 1],
  ])('never sends it to a listener on the port that %s', async (_, key, otherPid) => {
    provesWith = key;
    provesAs = process.pid + otherPid;
    forgeLock('127.0.0.1');
    const result = await count();
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `The server on http://127.0.0.1:${port} did not prove it holds ${dir}, so the service-role key was not sent: set SUPABASE_SERVICE_ROLE_KEY as the server has it, or stop what listens there\n`,
    );
    expect(requests).toBe(1);
    expect(keysSeen).toEqual([]);
  });

  it('never asks a server that is not on loopback', async () => {
    provesWith = KEY;
    forgeLock('192.0.2.1');
    const result = await count();
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /listens on 192\.0\.2\.1, not on loopback: .+: restart the server with HOST=127\.0\.0\.1/,
    );
    expect(requests).toBe(0);
  });

  it('never trusts a lock file that others can write', async () => {
    provesWith = KEY;
    const path = forgeLock('127.0.0.1', 0o666);
    const result = await count();
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(`${path} is not this user's own (owner `);
    expect(requests).toBe(0);
  });

  it.skipIf(process.getuid?.() !== 0)('never trusts a lock file of another user', async () => {
    provesWith = KEY;
    const path = forgeLock('127.0.0.1');
    chownSync(path, 65534, 65534);
    const result = await count();
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(`${path} is not this user's own (owner 65534, mode 600)`);
    expect(requests).toBe(0);
  });

  it('takes a lock file gone since it was read for a server that stopped, and asks nobody', async () => {
    provesWith = KEY;
    const holder = { pid: process.pid, port, host: '127.0.0.1' };
    rmSync(join(dir, LOCK_FILE), { force: true });
    expect(await verifiedServerUrl(dir, holder, KEY)).toBeNull();
    expect(requests).toBe(0);
  });
});
