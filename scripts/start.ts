// npm start: build the site if dist/ is missing or older than its sources, then run the server
// (embedded database unless DATABASE_URL is set). It prints the URL when it is ready.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { settingsOrExit } from '../server/settings.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
/** What the build reads: a change in any of them makes dist/ stale. */
const SOURCES = [
  'src',
  'public',
  'astro.config.mjs',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'scripts/compress.ts',
  'scripts/tighten-pages.ts',
];

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

export function needsBuild(root = ROOT): boolean {
  const built = join(root, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const sources = Math.max(...SOURCES.map((s) => newest(join(root, s))));
  return sources > statSync(built).mtimeMs;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  settingsOrExit(); // a bad setting fails now, not after a build
  if (needsBuild()) {
    console.log('dist/ is missing or older than the sources: building the site (npm run build)');
    const build = spawnSync('npm', ['run', 'build'], {
      cwd: ROOT,
      stdio: 'inherit',
      shell: process.platform === 'win32',
    });
    if (build.status !== 0) {
      console.error('The build failed; not starting the server.');
      process.exit(build.status ?? 1);
    }
  }
  await import('../server/index.ts');
}
