import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { waitForServiceWorkerControl } from './support/serviceWorker';
import { ResourcesPage } from './pages/ResourcesPage';
import { useOwnServer } from './support/ownServer';

// The service worker runs here, as it does for every user (the suite blocks it elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

// Issue 20, item 5: one connectivity indicator in the header (offline, or server unreachable, with
// the number of writes waiting), and success notices that say when a write is only on the device.

const queuedAdded = (name: string) => `Added '${name}' to favourites. Saved on this device: it will sync when the connection is back.`;

useOwnServer(test);

/**
 * The links this file's tests favourite, one each, chosen once from those the student has not
 * favourited: a queued write that one test leaves behind may still arrive while the next one runs,
 * so no two tests touch the same link.
 */
let candidates: string[] | undefined;

/** A link this student has not favourited yet, and no other test here uses: its name. */
async function notYetFavourite(resources: ResourcesPage, testIndex: number): Promise<string> {
  // The stars say 'not pressed' until the favourites have loaded, and each list reads them on its
  // own: wait for the student's seeded ones in the Favourites section and on the stars below.
  await expect(resources.favourites.getByRole('link').first()).toBeVisible();
  await expect(resources.allResources.getByRole('button', { name: /^Add .+ to favourites$/, pressed: true }).first()).toBeVisible();
  candidates ??= (await resources.allResources.getByRole('button', { name: /^Add .+ to favourites$/, pressed: false }).evaluateAll((stars) =>
    stars.map((star) => star.getAttribute('aria-label') ?? ''),
  )).map((label) => /^Add (.+) to favourites$/.exec(label.trim())?.[1] ?? '');
  const name = candidates[testIndex];
  expect(name, 'a link not yet a favourite').toBeTruthy();
  return name ?? '';
}

const indicator = (page: Page) => page.getByRole('banner').getByRole('status').filter({ hasText: /Offline|Server unreachable/ });

for (const [viewportIndex, viewport] of [
  { name: 'desktop', size: { width: 1280, height: 860 }, isMobile: false },
  { name: 'phone', size: { width: 390, height: 844 }, isMobile: true },
].entries()) {
  test.describe(`offline signals on a ${viewport.name}`, () => {
    test.use({ viewport: viewport.size, isMobile: viewport.isMobile, hasTouch: viewport.isMobile });
    test.describe.configure({ timeout: 90_000 });

    test('offline: the header says so with the count of queued writes, the notice says saved on this device, and both clear online', async ({ page, context, signInAs, expectNoAxeViolations }) => {
      await signInAs('student');
      const resources = new ResourcesPage(page);
      await resources.goto();
      await expect(resources.allResources.getByRole('button', { name: /to favourites$/ }).first()).toBeVisible();
      await expect(indicator(page)).toHaveCount(0);
      const name = await notYetFavourite(resources, viewportIndex * 2);

      await context.setOffline(true);
      await expect(indicator(page)).toContainText('Offline');
      await resources.setFavourite(name, true);
      await expect(page.getByText(queuedAdded(name), { exact: true })).toBeVisible();
      await expect(page.getByText(`Added '${name}' to favourites`, { exact: true })).toHaveCount(0);
      await expect(indicator(page)).toContainText('1 change waiting to sync');
      await expect(indicator(page)).toBeVisible();
      await expectNoAxeViolations();

      await context.setOffline(false);
      await expect(indicator(page)).toHaveCount(0);
      await expect(page.getByRole('banner')).not.toContainText('waiting to sync');
    });

    test('server unreachable while the browser is online: the header says so', async ({ page, signInAs }) => {
      await signInAs('student');
      const resources = new ResourcesPage(page);
      await resources.goto();
      await expect(resources.allResources.getByRole('button', { name: /to favourites$/ }).first()).toBeVisible();
      const name = await notYetFavourite(resources, viewportIndex * 2 + 1);
      // As for every user after the first visit, the app's service worker controls the page.
      await waitForServiceWorkerControl(page);
      // On the context, not the page: once the app's service worker controls the page, the page's
      // requests reach the network through the worker, where only the context's routes see them
      // (a page route then missed the write now and then, and the server answered it).
      await page.context().route('**/api/**', (route) => route.abort('connectionrefused'));
      try {
        await resources.setFavourite(name, true);
        await expect(indicator(page)).toContainText('Server unreachable');
        await expect(indicator(page)).toContainText('1 change waiting to sync');
        await expect(page.getByText(queuedAdded(name), { exact: true })).toBeVisible();
        expect(await page.evaluate(() => navigator.onLine)).toBe(true);
      } finally {
        await page.context().unroute('**/api/**');
      }
    });
  });
}
