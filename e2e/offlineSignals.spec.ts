import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ResourcesPage } from './pages/ResourcesPage';
import { useOwnServer } from './support/ownServer';

// Issue 20, item 5: one connectivity indicator in the header (offline, or server unreachable, with
// the number of writes waiting), and success notices that say when a write is only on the device.

const queuedAdded = 'Added to favourites. Saved on this device: it will sync when the connection is back.';

// The suite server runs two spec files at once: another one favouriting the same student's links
// between this spec's choice of a link and its click would make the star already pressed.
useOwnServer(test, { portOffset: 88 });

/** A link this student has not favourited yet (earlier tests here add some): its name. */
async function notYetFavourite(resources: ResourcesPage): Promise<string> {
  // The stars say 'not pressed' until the favourites have loaded: wait for the student's seeded ones.
  await expect(resources.favourites.getByRole('link').first()).toBeVisible();
  const star = resources.allResources.getByRole('button', { name: /^Add .+ to favourites$/, pressed: false }).first();
  const label = (await star.getAttribute('aria-label')) ?? (await star.textContent()) ?? '';
  const name = /^Add (.+) to favourites$/.exec(label.trim())?.[1];
  expect(name, 'a link not yet a favourite').toBeDefined();
  return name ?? '';
}

const indicator = (page: Page) => page.getByRole('banner').getByRole('status').filter({ hasText: /Offline|Server unreachable/ });

for (const viewport of [
  { name: 'desktop', size: { width: 1280, height: 860 }, isMobile: false },
  { name: 'phone', size: { width: 390, height: 844 }, isMobile: true },
]) {
  test.describe(`offline signals on a ${viewport.name}`, () => {
    test.use({ viewport: viewport.size, isMobile: viewport.isMobile, hasTouch: viewport.isMobile });
    test.describe.configure({ timeout: 90_000 });

    test('offline: the header says so with the count of queued writes, the notice says saved on this device, and both clear online', async ({ page, context, signInAs, expectNoAxeViolations }) => {
      await signInAs('student');
      const resources = new ResourcesPage(page);
      await resources.goto();
      await expect(resources.allResources.getByRole('button', { name: /to favourites$/ }).first()).toBeVisible();
      await expect(indicator(page)).toHaveCount(0);
      const name = await notYetFavourite(resources);

      await context.setOffline(true);
      await expect(indicator(page)).toContainText('Offline');
      await resources.setFavourite(name, true);
      await expect(page.getByText(queuedAdded, { exact: true })).toBeVisible();
      await expect(page.getByText('Added to favourites', { exact: true })).toHaveCount(0);
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
      const name = await notYetFavourite(resources);
      await page.route('**/api/**', (route) => route.abort('connectionrefused'));
      try {
        await resources.setFavourite(name, true);
        await expect(indicator(page)).toContainText('Server unreachable');
        await expect(indicator(page)).toContainText('1 change waiting to sync');
        await expect(page.getByText(queuedAdded, { exact: true })).toBeVisible();
        expect(await page.evaluate(() => navigator.onLine)).toBe(true);
      } finally {
        await page.unroute('**/api/**');
      }
    });
  });
}
