import { randomBytes } from 'node:crypto';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/find-chromium.ts';
import { freePortSync } from './test-support/free-port.ts';

// The machine's Chromium (its headless shell first), else Playwright's own if it was installed,
// else stop with one sentence saying what to install.
function chromiumOrExit(): string {
  try {
    return findChromium('headless');
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

// The config is evaluated again in every worker process; they inherit the environment, so
// the port, data directory and keys chosen once in the main process stay the same everywhere.
const externalBaseURL = process.env.E2E_BASE_URL;
process.env.E2E_PORT ??= externalBaseURL ? '' : String(freePortSync());
// A known service-role key lets tests read back what the server stored (GET as service_role).
process.env.E2E_SERVICE_ROLE_KEY ??= `e2e-service-${randomBytes(24).toString('hex')}`;

const baseURL = externalBaseURL ?? `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // Three at a time on two cores: some tests wait on a throttled network or a clock.
  workers: 3,
  // Generous for a busy 2-core machine; a passing expectation returns as soon as it holds.
  expect: { timeout: 8_000 },
  // Under CI the counts also go to a file, for the closing line .ci/run prints.
  reporter: process.env.CI
    ? [['list'], ['html', { open: 'never' }], ['json', { outputFile: '.tmp/test-counts/e2e.json' }]]
    : 'list',
  use: {
    baseURL,
    // Recording a trace for every test slows a 2-core machine noticeably: only on a retry.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    locale: 'en-US',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath: chromiumOrExit(),
          args: CHROMIUM_ARGS,
        },
      },
    },
  ],
  // Builds the site when its sources changed, then runs the project's real server on a fresh,
  // temporary database with the sign-up rate limit off (see e2e/serve.ts).
  webServer: externalBaseURL
    ? undefined
    : {
        command: 'node e2e/serve.ts',
        url: `${baseURL}/healthz`,
        timeout: 180_000,
        gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
        env: {
          PORT: process.env.E2E_PORT ?? '',
          HOST: '127.0.0.1',
          SIGNUP_RATE_LIMIT: '0',
          SUPABASE_SERVICE_ROLE_KEY: process.env.E2E_SERVICE_ROLE_KEY,
        },
      },
});
