// npm run dev: the API server with the embedded database on API_PORT (default 3001) and
// `astro dev` with hot reload, whose Vite proxy sends /rest there. Ctrl-C stops both cleanly.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { settingsOrExit } from '../platform/settings.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const settings = settingsOrExit();
const apiPort = String(settings.apiPort);

const children: { name: string; child: ChildProcess }[] = [];
let stopping = false;

function run(name: string, command: string, args: string[], env: Record<string, string>) {
  // Own process group: Ctrl-C reaches us once, and we stop each child in order.
  const child = spawn(command, args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...env },
    detached: true,
  });
  children.push({ name, child });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} stopped (${signal ?? code}); stopping the rest`);
      void stop(typeof code === 'number' && code !== 0 ? code : 1);
    }
  });
  return child;
}

async function stop(exitCode = 0) {
  if (stopping) return;
  stopping = true;
  await Promise.all(
    children.map(({ child }) => {
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const force = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        if (child.pid) process.kill(-child.pid, 'SIGTERM');
      });
    }),
  );
  process.exit(exitCode);
}

process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

run('API server', process.execPath, ['server/index.ts'], { PORT: apiPort, HOST: '127.0.0.1' });
run(
  'astro dev',
  process.execPath,
  [fileURLToPath(new URL('../node_modules/astro/bin/astro.mjs', import.meta.url)), 'dev'],
  {
    API_PORT: apiPort,
  },
);
