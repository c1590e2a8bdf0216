// The service-role key goes only over the socket in DATA_DIR, once the lock file, the socket and
// DATA_DIR are this user's own: never over TCP, where whoever holds the lock's port (another
// program once the server stops) would receive it. The listeners below stand where the lock
// points (its port) and at the socket, and record every key they are sent.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCK_FILE, pgliteDir } from '../platform/db/lock.ts';
import { socketPath } from '../platform/server-socket.ts';
import { dataDirProblem, SERVICE_KEY_FILE } from '../platform/service-key.ts';
import { EMPTY_RAW } from './report/data.ts';
import { verifiedServerSocket } from './verified-server.ts';
import { listen, listenOnSocket, type Listening } from '../test-support/listen.ts';
import { childEnv, runCli } from '../test-support/server-process.ts';

const KEY = 'sb_secret_the-organisers-key';

describe('the service-role key and a server found through the lock file', () => {
  let dir: string;
  let tcp: Listening;
  let socket: Listening | null;
  let port: number;
  let keysSeen: { tcp: string[]; socket: string[] };
  let requests: { tcp: number; socket: number };

  const recorder = (where: 'tcp' | 'socket') => (request: Request) => {
    requests[where]++;
    const sent = [request.headers.get('apikey'), request.headers.get('authorization')];
    keysSeen[where].push(...sent.filter((header): header is string => header !== null));
    return new Response('5', { headers: { 'Content-Type': 'application/json' } });
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tedx-forged-'));
    mkdirSync(pgliteDir(dir));
    tcp = await listen(recorder('tcp'));
    port = Number(new URL(tcp.origin).port);
  });
  afterAll(async () => {
    await tcp.close();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    keysSeen = { tcp: [], socket: [] };
    requests = { tcp: 0, socket: 0 };
    chmodSync(dir, 0o700);
    socket = await listenOnSocket(recorder('socket'), socketPath(dir));
    chmodSync(socketPath(dir), 0o600);
  });
  afterEach(async () => {
    await socket?.close();
    rmSync(socketPath(dir), { force: true });
  });

  /** A lock naming this (live) test process as the holder, on the TCP listener's port. */
  function forgeLock(mode = 0o600) {
    const path = join(dir, LOCK_FILE);
    rmSync(path, { force: true });
    writeFileSync(path, JSON.stringify({ pid: process.pid, port, host: '0.0.0.0' }));
    chmodSync(path, mode);
    return path;
  }
  const count = (dataDir = dir) =>
    runCli(['cli/subscribers.ts', 'count'], { DATA_DIR: dataDir, SUPABASE_SERVICE_ROLE_KEY: KEY });
  const refusal = async (expected: string | RegExp) => {
    const result = await count();
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(expected);
    expect(requests).toEqual({ tcp: 0, socket: 0 });
  };

  it('sends the key over the socket in DATA_DIR, and nothing to the port the lock names', async () => {
    forgeLock();
    expect(await count()).toMatchObject({ code: 0, stdout: '5\n' });
    expect(keysSeen.socket).toContain(KEY);
    expect(requests.tcp).toBe(0);
  });

  it('sends nothing while the holder lives but its socket is gone', async () => {
    await socket?.close();
    socket = null;
    forgeLock();
    await refusal(`The server holding ${dir} has no socket ${socketPath(dir)}`);
  });

  it('never trusts a socket others may open, a lock file or a DATA_DIR others can write', async () => {
    forgeLock();
    chmodSync(socketPath(dir), 0o666);
    await refusal(`${socketPath(dir)} is not this user's own (owner `);
    chmodSync(socketPath(dir), 0o600);
    const lock = forgeLock(0o666);
    await refusal(`${lock} is not this user's own (owner `);
    forgeLock();
    chmodSync(dir, 0o777);
    await refusal(`${dir} is not this user's own (owner `);
    chmodSync(dir, 0o700);
    const key = join(dir, SERVICE_KEY_FILE);
    writeFileSync(key, KEY);
    chmodSync(key, 0o640);
    await refusal(`${key} is not this user's own (owner `);
    rmSync(key);
  });

  it('a command whose socket is swapped between two calls sends no more', async () => {
    forgeLock();
    const planted = join(dir, 'planted.sock');
    const other = await listenOnSocket(recorder('socket'), planted);
    await socket?.close();
    // The server's socket answers `report`'s first call, and is swapped for another at once.
    socket = await listenOnSocket((request) => {
      recorder('socket')(request);
      renameSync(planted, socketPath(dir));
      return Response.json(EMPTY_RAW);
    }, socketPath(dir));
    chmodSync(socketPath(dir), 0o600);
    const run = await runCli(['cli/subscribers.ts', 'report', '--out', join(dir, 'r.html')], {
      DATA_DIR: dir,
      SUPABASE_SERVICE_ROLE_KEY: KEY,
    });
    await other.close();
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      new RegExp(
        `^[^\\n]*${socketPath(dir)} is no longer the socket this command checked[^\\n]*\\n$`,
      ),
    );
    expect(requests).toEqual({ tcp: 0, socket: 1 });
  });

  it.skipIf(process.getuid?.() !== 0)('never trusts a lock file of another user', async () => {
    const path = forgeLock();
    chownSync(path, 65534, 65534);
    await refusal(`${path} is not this user's own (owner 65534, mode 600)`);
  });

  it('says in one line when DATA_DIR is too deep for a socket, and sends nothing', async () => {
    const deep = join(dir, 'd'.repeat(100));
    mkdirSync(deep, { mode: 0o700 });
    writeFileSync(join(deep, LOCK_FILE), JSON.stringify({ pid: process.pid, port, host: null }), {
      mode: 0o600,
    });
    const result = await count(deep);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^DATA_DIR .+ is too deep for the organiser commands' socket \(server\.sock: \d+ bytes of path, at most 103\): they can reach the server's data only while it is stopped; use a shorter DATA_DIR\n$/,
    );
    expect(requests).toEqual({ tcp: 0, socket: 0 });
  });

  it('takes a lock file gone since it was read for a server that stopped, and asks nobody', () => {
    rmSync(join(dir, LOCK_FILE), { force: true });
    expect(verifiedServerSocket(dir)).toBeNull();
    expect(requests).toEqual({ tcp: 0, socket: 0 });
  });
});

describe('the server and the key in DATA_DIR', () => {
  /** The server started on `dir`: it must stop at once, before it opens anything. */
  const start = (dir: string) =>
    spawnSync(process.execPath, ['scripts/check-node.cjs', 'server/index.ts'], {
      env: childEnv({ DATA_DIR: dir, PORT: '0' }),
      encoding: 'utf8',
      timeout: 30_000,
    });

  it('refuses a DATA_DIR others can write, with a key planted in it, in one line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tedx-planted-'));
    const key = join(dir, SERVICE_KEY_FILE);
    try {
      writeFileSync(key, 'sb_secret_planted\n', { mode: 0o600 });
      chmodSync(dir, 0o777);
      const run = start(dir);
      expect(run.status).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(
        `${dir} is not this user's alone (owner ${process.getuid?.()}, mode 777), and the service-role key is kept there: ` +
          `chmod 700 ${dir}, delete ${key} if you did not make it, then start again\n`,
      );
      chmodSync(dir, 0o700);
      chmodSync(key, 0o644);
      expect(start(dir).stderr).toMatch(
        new RegExp(`^${key} is not this user's alone .*: chmod 600 ${key}, `),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names a DATA_DIR that is a file, where a folder is wanted', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tedx-file-'));
    const file = join(dir, 'data');
    try {
      writeFileSync(file, '');
      expect(dataDirProblem(file)).toBe(
        `DATA_DIR ${file} is a file: set DATA_DIR to a folder (it is made if missing)`,
      );
      expect(dataDirProblem(join(dir, 'not-yet'))).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(process.getuid?.() !== 0)('refuses a key file of another user', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tedx-planted-'));
    const key = join(dir, SERVICE_KEY_FILE);
    try {
      writeFileSync(key, 'sb_secret_planted\n', { mode: 0o600 });
      chownSync(key, 65534, 65534);
      const run = start(dir);
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(
        `${key} is not this user's alone (owner 65534, mode 600), and the service-role key is kept there: chown 0 ${key} && chmod 600 ${key}, `,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
