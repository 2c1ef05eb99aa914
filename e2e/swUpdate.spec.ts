import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HANDOVER_GIVE_UP_MS } from '../src/app/sw/updateFlow';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ownServer } from './support/ownServer';
import { nextPageLoad } from './support/pageAnswers';
import { serviceWorkerState, waitForServiceWorkerControl } from './support/serviceWorker';

// The service worker runs here, as it does for every user (the suite blocks it elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

// A deployment while a tab is open: the server's files are replaced by a new build.
const currentBuild = process.env.E2E_STATIC_DIR ?? 'dist';
const workDir = mkdtempSync(join(tmpdir(), 'campus-e2e-deploy-'));
const liveDir = join(workDir, 'live');
const nextBuild = join(workDir, 'next');
const server = ownServer({ staticDir: liveDir });

function deploy(from: string): void {
  rmSync(liveDir, { recursive: true, force: true });
  cpSync(from, liveDir, { recursive: true });
}

test.use({ baseURL: async ({}, use) => use(await server.address()) });
test.beforeAll(async () => {
  test.setTimeout(240_000);
  deploy(currentBuild); // the server serves a client only if one is there when it starts
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error'], {
    env: { ...process.env, BUILD_OUT_DIR: nextBuild, BUILD_ID: 'e2e-next' },
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`the next build failed: ${build.stderr}`);
  await server.start();
});
test.afterAll(async () => {
  await server.dispose();
  rmSync(workDir, { recursive: true, force: true });
});

/** The student signed in on the current version (deployed again, so that repeated runs start there), its worker in control. */
async function signedInOnCurrentVersion(page: Page, signInAs: (userName: 'student') => Promise<void>): Promise<void> {
  deploy(currentBuild);
  await signInAs('student');
  await waitForServiceWorkerControl(page);
}

/** Deploys the next version; returns the count of the page's loads from then on. */
function deployNextCountingLoads(page: Page): () => number {
  deploy(nextBuild);
  let loads = 0;
  page.on('load', () => (loads += 1));
  return () => loads;
}

const mainMenuLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });

/** A navigation checks for an update: the new worker installs and waits. */
async function untilNextVersionWaits(page: Page): Promise<void> {
  await mainMenuLink(page, 'Resources').click();
  await expect(page).toHaveURL(/\/resources$/);
  await expect
    .poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)), { timeout: 60_000 })
    .toBe(true);
}

/**
 * The page reloads into /home on the new version. An evaluation that meets the reload just tries
 * again; a failure says where the workers stood.
 */
async function expectHomeOnNextVersion(page: Page, timeout: number): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.dataset.build).catch(() => undefined), { timeout })
    .toBe('e2e-next')
    .catch(async (error: unknown) => {
      throw new Error(`${String(error)}\nworkers: ${await serviceWorkerState(page)}`);
    });
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Amara' })).toBeVisible();
}

/** Another navigation on the new version: no further reload happens, so the page loaded `loads()` once. */
async function expectNoFurtherReload(page: Page, loads: () => number): Promise<void> {
  await mainMenuLink(page, 'Resources').click();
  await expect(page).toHaveURL(/\/resources$/);
  await page.waitForLoadState('networkidle');
  expect(loads()).toBe(1);
}

test('a new deployment leads to exactly one reload into the new version, with no loop', async ({ page, signInAs }) => {
  test.setTimeout(150_000);
  await signedInOnCurrentVersion(page, signInAs);
  const firstBuild = await page.evaluate(() => document.documentElement.dataset.build);
  expect(firstBuild).not.toBe('e2e-next');
  const loads = deployNextCountingLoads(page);
  await untilNextVersionWaits(page);

  // The next navigation hands over to it and reloads into the target on the new version. The page
  // gives the waiting worker 15 s to take over (src/app/sw/updateFlow.ts) before it lets go of it.
  const homeLoad = nextPageLoad(page, '/home');
  await mainMenuLink(page, 'Home').click();
  await expectHomeOnNextVersion(page, 60_000);
  // The new worker took over and served the reload (the give-up would have loaded from the server).
  expect((await homeLoad).fromServiceWorker(), 'the reload was served by the new worker').toBe(true);
  await expectNoFurtherReload(page, loads);
});

test('a hand-over that never comes is given up: the page lets go of its worker and loads its target from the network, on the new version, once', async ({ page, signInAs, clock }) => {
  test.setTimeout(150_000);
  await signedInOnCurrentVersion(page, signInAs);
  // A request the worker is answering and that never ends (a test-only route), sent before the new
  // version exists: the outgoing worker is never free to hand over, as when the browser restarts it
  // in the middle (decision 0035).
  await page.evaluate(() => void fetch('/api/test/held').catch(() => undefined));
  const loads = deployNextCountingLoads(page);
  await untilNextVersionWaits(page);

  const homeLoad = nextPageLoad(page, '/home');
  await mainMenuLink(page, 'Home').click();
  await expect(page.locator('#update-overlay')).toBeVisible();
  await clock.advance(HANDOVER_GIVE_UP_MS);

  // The page came from the server, past both workers, and is the new version.
  expect((await homeLoad).fromServiceWorker(), 'the reload was served by a worker').toBe(false);
  await expectHomeOnNextVersion(page, 30_000);
  // The page registered the new version again, and it controls the page without a reload.
  await waitForServiceWorkerControl(page);
  await expectNoFurtherReload(page, loads);
});
