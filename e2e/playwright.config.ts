import { defineConfig, devices } from '@playwright/test';
import { dataDirOf, E2E_PORT, E2E_WORKERS, outboxCopyFileOf, WEEK_BASE_URL, WEEK_PORT, WEEK_PROJECT } from './support/base-url';

/**
 * End-to-end flows in Debian's Chromium (never a downloaded browser). By default E2E_WORKERS flows run at once, each
 * worker on a fresh server of its own (ports from 3100, E2E_PORT) with an empty data directory, so the demo agency is
 * seeded anew for each; a worker's `baseURL` comes from support/test.ts. Set E2E_BASE_URL to test a server that is
 * already running instead, one flow at a time (it must allow many sign-ins per minute: SIGN_IN_RATE_LIMIT_MAX).
 */
const externalBaseUrl = process.env.E2E_BASE_URL;
const chromium = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } };

/**
 * A fresh server on `port` with an empty data directory (the demo agency is seeded on its first start). The servers
 * start one after the other, so only the first builds the web app when its sources changed.
 */
function freshServer(port: number) {
  const dataDir = dataDirOf(port);
  return {
    command: `rm -rf '${dataDir}' && npm start`,
    cwd: '..',
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      SIGN_IN_RATE_LIMIT_MAX: '1000',
      LOG_LEVEL: 'warn',
      OUTBOX_COPY_FILE: outboxCopyFileOf(port),
    },
  };
}

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: './test-results',
  // The tests of a file run in order in one worker; files are shared out among the workers.
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  // A flow scans its main screens with axe in both colour schemes (support/a11y.ts), which takes seconds each.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    // The agency's week (a few minutes in one file) starts first, so the other workers share out the rest meanwhile.
    { name: WEEK_PROJECT, testMatch: /agency-week\.spec\.ts$/, use: { ...chromium, baseURL: WEEK_BASE_URL } },
    { name: 'chromium', testIgnore: /agency-week\.spec\.ts$/, use: chromium },
  ],
  webServer: [
    ...(externalBaseUrl ? [] : Array.from({ length: E2E_WORKERS }, (_, i) => freshServer(E2E_PORT + i))),
    ...(process.env.E2E_WEEK_BASE_URL ? [] : [freshServer(WEEK_PORT)]),
  ],
});
