// A real server process (node server/index.ts), as `npm start` and the e2e suite run it.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  origin: string;
  port: number;
  output: () => string;
  /** Resolves with the exit code (or signal name). */
  exited: Promise<number | string>;
}

/** The environment of a child: no DATABASE_URL or keys leaking in from the developer's shell. */
export function childEnv(extra: Record<string, string | undefined>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (
      value !== undefined &&
      !/^(DATABASE_URL|SUPABASE_|SIGNUP_RATE_LIMIT|TRUST_PROXY|PORT|HOST|DATA_DIR)/.test(key)
    )
      env[key] = value;
  }
  for (const [key, value] of Object.entries(extra)) if (value !== undefined) env[key] = value;
  return env;
}

export function runNode(
  args: string[],
  env: Record<string, string | undefined>,
): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, args, { cwd: ROOT, env: childEnv(env) });
}

export async function startServer(
  env: Record<string, string | undefined>,
  timeoutMs = 30_000,
): Promise<ServerProcess> {
  const child = runNode(['server/index.ts'], {
    PORT: '0',
    HOST: '127.0.0.1',
    SIGNUP_RATE_LIMIT: '0',
    ...env,
  });
  let output = '';
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server ready at http:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before it was ready:\n${output}`));
    });
  });
  return { child, port, origin: `http://127.0.0.1:${port}`, output: () => output, exited };
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
