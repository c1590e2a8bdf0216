// npm start: build the site if dist/ is missing or older than its sources, then run the server
// (embedded database unless DATABASE_URL is set). It prints the URL when it is ready.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { settingsOrExit, type Settings } from '../platform/settings.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
/** What the build reads: a change in any of them makes dist/ stale. */
const SOURCES = [
  'src',
  'content',
  'common',
  'public',
  'astro.config.mjs',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'scripts/compress.ts',
  'scripts/tighten-pages.ts',
  // What those two steps read: each page's policy and the headers _headers carries.
  'server/csp.ts',
  'server/security-headers.ts',
  'server/static.ts',
];

/** The last change to `path`, or to anything in it when it is a directory. */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const inside = statSync(path).isDirectory() ? readdirSync(path, { recursive: true }) : [];
  return Math.max(...['', ...inside].map((entry) => statSync(join(path, String(entry))).mtimeMs));
}

export function needsBuild(root = ROOT): boolean {
  const built = join(root, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const sources = Math.max(...SOURCES.map((s) => newest(join(root, s))));
  return sources > statSync(built).mtimeMs;
}

/** What npm start says before it builds: the address the pages will name, and where it is set. */
export function buildNotice({ siteUrl, buildSiteUrl }: Settings): string {
  const building = `dist/ is missing or older than the sources: building the site for ${buildSiteUrl} (npm run build)`;
  return siteUrl
    ? building
    : `${building}. SITE_URL is not set, so links and share tags name that placeholder: set it in .env`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const settings = settingsOrExit(); // a bad setting fails now, not after a build
  if (needsBuild()) {
    console.log(buildNotice(settings));
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
