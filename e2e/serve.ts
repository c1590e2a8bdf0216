// The browser tests' web server: build the site if its sources are newer than the build, then
// run the project's real server (`node server/index.ts`) on a fresh temporary database with the
// sign-up rate limit off. Playwright starts this file (see playwright.config.ts); it removes the
// temporary data directory when the server stops.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { needsBuild } from '../scripts/start.ts';
import { seedPgliteDir } from '../test-support/databases.ts';
import { startServer } from '../test-support/server-process.ts';

const root = join(import.meta.dirname, '..');

// Always on CI; locally only when the sources are newer than the build (as `npm start` decides).
const shouldBuild = process.env.CI || process.env.E2E_BUILD === '1' || needsBuild(root);

if (shouldBuild) {
  // The tests talk to this server, never to hosted Supabase: build for the same origin. Empty
  // values (not deleted ones) also outrank any `.env` file the build would read.
  const env = { ...process.env, PUBLIC_SUPABASE_URL: '', PUBLIC_SUPABASE_ANON_KEY: '' };
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, env, encoding: 'utf8' });
  if (build.status !== 0) {
    process.stderr.write(build.stdout + build.stderr);
    process.stderr.write('e2e/serve.ts: `npm run build` failed; see the output above.\n');
    process.exit(1);
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'tedx-e2e-'));
const removeData = () => rmSync(dataDir, { recursive: true, force: true });
let server: Awaited<ReturnType<typeof startServer>> | undefined;
// Playwright's stop can come while the server is still starting: it is stopped as soon as it is
// up, so neither it nor the data directory outlives this process.
let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    stopping = true;
    void server?.stop();
  });
}
try {
  // Migrated from the tests' template (PGlite's initdb is for server/server.test.ts to time).
  await seedPgliteDir(dataDir);
  server = await startServer(
    {
      PORT: process.env.PORT,
      HOST: process.env.HOST,
      DATA_DIR: dataDir,
      SIGNUP_RATE_LIMIT: '0',
      SUPABASE_SERVICE_ROLE_KEY: process.env.SUPABASE_SERVICE_ROLE_KEY,
      // Empty values outrank a developer's `.env`: the embedded database, the default keys.
      DATABASE_URL: '',
      SUPABASE_ANON_KEY: '',
      TRUST_PROXY: '',
    },
    { log: 'inherit', timeoutMs: 120_000 },
  );
} catch (error) {
  removeData();
  process.stderr.write(`e2e/serve.ts: ${(error as Error).message}\n`);
  process.exit(1);
}

if (stopping) void server.stop();
const code = await server.exited;
removeData();
process.exit(typeof code === 'number' ? code : 0);
