// npm start: build the site if dist/ is missing, older than its sources or built for another
// SITE_URL, then run the server (embedded database unless DATABASE_URL is set). It prints the URL
// when it is ready.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
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

const origin = (url: string) => URL.parse(url)?.origin;

/** Why dist/ must be built, or null when it is current: missing, older than a source, or built
 * for another address than `siteUrl` (a SITE_URL changed in .env: the pages name it). */
export function needsBuild(root = ROOT, siteUrl?: string): string | null {
  const built = join(root, 'dist', 'index.html');
  if (!existsSync(built)) return 'dist/ is missing';
  const sources = Math.max(...SOURCES.map((s) => newest(join(root, s))));
  if (sources > statSync(built).mtimeMs) return 'dist/ is older than the sources';
  const named = /<link rel="canonical" href="([^"]+)"/.exec(readFileSync(built, 'utf8'))?.[1];
  if (siteUrl && named && origin(named) !== origin(siteUrl))
    return `dist/ was built for ${origin(named)}`;
  return null;
}

/** What npm start says before it builds: why, the address the pages will name, and where it is
 * set. */
export function buildNotice(why: string, { siteUrl, buildSiteUrl }: Settings): string {
  const building = `${why}: building the site for ${buildSiteUrl} (npm run build)`;
  return siteUrl
    ? building
    : `${building}. SITE_URL is not set, so links and share tags name that placeholder: set it in .env`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const settings = settingsOrExit({ site: true }); // a bad setting fails now, not after a build
  const why = needsBuild(ROOT, settings.buildSiteUrl);
  if (why) {
    console.log(buildNotice(why, settings));
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
