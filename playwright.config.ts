import { defineConfig, devices } from '@playwright/test';
import { chromiumFlags, chromiumPath, chromiumShellPath } from './bench/support/chromium';

// End to end against the real built app and server, driving the operating system's Chromium
// (scripts/ensure-browser.mjs); Playwright's browsers are never used. Most specs run in Chromium's
// headless shell, which takes about a fifth less CPU than the full browser
// (bench/support/chromium.ts); the specs that need what only the full browser has run in it
// (`fullBrowserSpecs`). globalSetup starts one embedded PostgreSQL for the run and migrates a
// template database; every spec file has its own server on its own clone of it
// (e2e/support/ownServer.ts), on a free port.
const isCi = Boolean(process.env.CI);

/**
 * The specs that need the full browser: the Push API and notification permission (push,
 * adminNotifications) and the built-in PDF viewer (evidencePreview). The service-worker update
 * hand-over runs in it too, in a project of its own (below). restartDraft launches its own full
 * browser, for session restore.
 */
const fullBrowserSpecs = ['**/push.spec.ts', '**/adminNotifications.spec.ts', '**/evidencePreview.spec.ts'];

/**
 * The features Playwright itself turns off (playwright-core 1.65, `chromiumSwitches.ts`). Chromium
 * honours only the last `--disable-features` on its command line, and Playwright's comes first, so
 * a spec's own list must repeat these or it turns them back on.
 */
const playwrightDisabledFeatures = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];

const inBrowser = (executablePath: string) => ({
  ...devices['Desktop Chrome'],
  launchOptions: { executablePath, args: [...chromiumFlags] },
});

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  globalSetup: './e2e/globalSetup.ts',
  fullyParallel: false,
  forbidOnly: isCi,
  retries: 0,
  workers: 2,
  reporter: 'list',
  // Two cores run the browser, the servers and the database: give each test room.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    // The app's service worker precaches the whole shell on every new context, a fifth of the run's
    // browser CPU for specs that never use it. It runs in the specs about offline, push, updates and
    // the worker's own behaviour, which say so with `test.use({ serviceWorkers: 'allow' })`.
    serviceWorkers: 'block',
    // Outside CI a failed test keeps its trace: every action with the DOM before and after it, its
    // network and console. The trace's screencast is left out: encoding a frame for every paint cost
    // more CPU than the rest of the trace together. CI keeps only the run's log, so it records no
    // trace at all (the DOM snapshots of every action were 15% of a run's CPU, measured on a
    // subset of specs with and without); rerun a CI failure here to get one.
    trace: isCi ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: ['**/swUpdate.spec.ts', ...fullBrowserSpecs],
      use: inBrowser(chromiumShellPath),
    },
    {
      name: 'chromium-full',
      testMatch: fullBrowserSpecs,
      use: inBrowser(chromiumPath),
    },
    {
      // The update hand-over is the real browser's service-worker lifecycle, in the full browser with
      // Chromium's speculative service-worker warm-up off: the warm-up (links on screen start their
      // worker early) restarted the outgoing worker while it was stopping to hand over, and Chromium
      // then kept the new version waiting until the page navigated away, and that navigation
      // stalled (4 of 12 runs failed with --repeat-each; with it off, 13 of 13 passed, alone and
      // beside other work). It no longer needs to run last and alone (it did while load was thought
      // to be the cause). The product gap is in decision 0035.
      name: 'chromium-sw-update',
      testMatch: '**/swUpdate.spec.ts',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: chromiumPath, args: [...chromiumFlags, `--disable-features=${[...playwrightDisabledFeatures, 'SpeculativeServiceWorkerWarmUp'].join(',')}`] },
      },
    },
  ],
});
