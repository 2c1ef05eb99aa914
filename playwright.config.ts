import { defineConfig, devices } from '@playwright/test';
import { chromiumFlags, chromiumPath } from './bench/support/chromium';
import type { E2eOptions } from './e2e/fixtures';

// End to end against the real built app and server on a fresh embedded database, driving the
// operating system's Chromium (scripts/ensure-browser.mjs). Playwright's browsers are never used.
const port = Number(process.env.E2E_PORT ?? 8181);
const baseURL = `http://127.0.0.1:${port}`;
// A second server whose sessions last 6 minutes, for the session warning and sign-out (e2e/session.spec.ts).
const shortSessionPort = port + 1;
const shortSessionBaseURL = `http://127.0.0.1:${shortSessionPort}`;
const isCi = Boolean(process.env.CI);

export default defineConfig<E2eOptions>({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  fullyParallel: false,
  forbidOnly: isCi,
  retries: 0,
  workers: 2,
  reporter: 'list',
  // Two cores run the browser, two servers and their databases: give each test room.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    shortSessionBaseURL,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromiumPath,
          args: [...chromiumFlags],
        },
      },
    },
  ],
  webServer: [
    suiteServer({ port, baseURL }),
    suiteServer({ port: shortSessionPort, baseURL: shortSessionBaseURL, env: { SESSION_IDLE_MINUTES: '6' } }),
  ],
});

/** One suite server: the real built app and server on a fresh embedded database (scripts/e2e-server.mjs). */
function suiteServer(server: { port: number; baseURL: string; env?: Record<string, string> }) {
  return {
    command: 'node scripts/e2e-server.mjs',
    url: `${server.baseURL}/api/user/info`,
    env: { ...server.env, E2E_PORT: String(server.port) },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    // SIGTERM first, so the server stops its embedded PostgreSQL; the script kills it after 20 s.
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 30_000 },
  };
}
