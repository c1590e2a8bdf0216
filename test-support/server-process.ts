// A real server process (node server/index.ts), as `npm start` runs it: for the server tests, the
// browser tests' web server and `npm run audit`. Started on a free port and
// ready once /healthz answers (so the database is open too).
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  origin: string;
  port: number;
  /** What the server printed so far (empty when its output goes to the terminal). */
  output: () => string;
  /** Resolves with the exit code (or signal name). */
  exited: Promise<number | string>;
  /** SIGTERM, then wait for it to exit. */
  stop: () => Promise<void>;
}

interface StartOptions {
  timeoutMs?: number;
  /** 'pipe' (kept for output()) or 'inherit' (the terminal). */
  log?: 'pipe' | 'inherit';
}

/** The environment of a child: no DATABASE_URL or keys leaking in from the developer's shell. */
export function childEnv(extra: Record<string, string | undefined>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (
      value !== undefined &&
      !/^(DATABASE_URL|SUPABASE_|SIGNUP_RATE_LIMIT|REQUEST_RATE_LIMIT|TRUST_PROXY|PORT|HOST|DATA_DIR)/.test(
        key,
      )
    )
      env[key] = value;
  }
  for (const [key, value] of Object.entries(extra)) if (value !== undefined) env[key] = value;
  return env;
}

/** The command line `npm run subscribers` and `npm run announce` start (package.json): through
 * scripts/check-node.cjs, which runs the entry in the same process with the project's Node flags
 * (V8's baseline WebAssembly compiler only, decision 0014). */
export const NODE_ENTRY = `"${process.execPath}" scripts/check-node.cjs`;

/** An entry of the project (an organiser command, `cli/….ts`, or the server) and its arguments,
 * started as npm starts it: the child's pid is the entry's own (check-node.cjs replaces itself
 * with it). */
export function runNode(args: string[], env: Record<string, string | undefined>) {
  return spawn(process.execPath, ['scripts/check-node.cjs', ...args], {
    cwd: ROOT,
    env: childEnv(env),
  });
}

/** Polls /healthz until it answers 200; fails early when `exited` settles first. */
async function waitForHealthy(
  origin: string,
  timeoutMs: number,
  exited?: Promise<unknown>,
): Promise<void> {
  let gone = false;
  void exited?.then(() => (gone = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !gone) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(gone ? 'exited' : `no answer from ${origin}/healthz within ${timeoutMs} ms`);
}

export async function startServer(
  env: Record<string, string | undefined>,
  options: StartOptions | number = {},
): Promise<ServerProcess> {
  // A bare number is the time-out, as the tests have always called it.
  const { timeoutMs = 30_000, log = 'pipe' } =
    typeof options === 'number' ? { timeoutMs: options } : options;
  const port = env.PORT ? Number(env.PORT) : await freePort();
  // Through the same entry as `npm start`, with its Node flags (the same process, once it runs).
  const child = spawn(process.execPath, ['scripts/check-node.cjs', 'server/index.ts'], {
    cwd: ROOT,
    env: childEnv({
      HOST: '127.0.0.1',
      SIGNUP_RATE_LIMIT: '0',
      REQUEST_RATE_LIMIT: '0',
      ...env,
      PORT: String(port),
    }),
    stdio: ['ignore', log, log],
  });
  let piped = '';
  child.stdout?.on('data', (chunk: Buffer) => (piped += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (piped += chunk.toString()));
  const output = () => piped;
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  try {
    await waitForHealthy(origin, timeoutMs, exited);
  } catch (error) {
    await stop();
    const why = (error as Error).message === 'exited' ? `exited (${await exited})` : 'timed out';
    throw new Error(`server ${why} before it was ready:\n${output()}`);
  }
  return { child, port, origin, output, exited, stop };
}

/** Runs a CLI to its end. */
export async function runCli(args: string[], env: Record<string, string | undefined>) {
  const child = runNode(args, env);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const code = await new Promise<number | null>((resolve) =>
    child.once('close', (c) => resolve(c)),
  );
  return { code, stdout, stderr };
}
