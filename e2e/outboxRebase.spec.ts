import type { APIRequestContext, Route } from '@playwright/test';
import { expect, test } from './fixtures';
import { ResourcesPage } from './pages/ResourcesPage';
import { useOwnServer } from './support/ownServer';
import { signInOn } from './support/signIn';

// Issue 13, rebase acceptance: a fresh server value is the new base, and the writes still queued
// on this device are applied on top of it. Its own server: it changes `student`'s favourites.
useOwnServer(test);

const addFavouritePath = '**/api/user/favourites/resources';
const byName = (a: string, b: string) => a.localeCompare(b);

/** The server's favourite link names, sorted, duplicates kept (so they would show). */
async function serverFavourites(request: APIRequestContext): Promise<string[]> {
  const response = await request.get('/api/user/favourites/resources');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { displayName: string }[]).map((favourite) => favourite.displayName).sort(byName);
}

test('a favourite held on its way stays pending while another device adds one: a refresh shows both, and both reach the server once', async ({ page, context, newContext, signInAs }) => {
  const held = 'Referencing guide';
  const fromOtherDevice = 'Campus map';
  const waiting = (resources: ResourcesPage, name: string) => resources.row(name).getByText('Waiting to sync', { exact: true });

  // This device's POSTs to add a favourite get no answer until released (a network that hangs).
  const heldRequests: Route[] = [];
  const holdPosts = async (route: Route) => {
    if (route.request().method() === 'POST') heldRequests.push(route);
    else await route.fallback();
  };
  await context.route(addFavouritePath, holdPosts);

  await signInAs('student');
  const resources = new ResourcesPage(page);
  await resources.goto();
  const before = await serverFavourites(context.request);
  expect(before).not.toContain(held);
  expect(before).not.toContain(fromOtherDevice);
  // The student sees their favourites before adding one (the change applies to the list shown).
  for (const name of before) await expect(resources.favouriteLink(name)).toHaveCount(1);

  await resources.setFavourite(held, true);
  await expect(waiting(resources, held)).toBeVisible();
  await expect(resources.favouriteLink(held)).toHaveCount(1);
  await expect.poll(() => heldRequests.length).toBeGreaterThan(0);

  // The same student, on another device, online: a favourite added there reaches the server at once.
  const other = await newContext();
  try {
    const otherPage = await other.newPage();
    await signInOn(otherPage, 'student');
    const otherResources = new ResourcesPage(otherPage);
    await otherResources.goto();
    await otherResources.setFavourite(fromOtherDevice, true);
    await expect(otherResources.favouriteLink(fromOtherDevice)).toHaveCount(1);
    // The star and the 'Waiting to sync' mark come from two separate reads of the device's
    // database, so no mark yet does not mean the write has gone: ask the server until it has it.
    await expect.poll(() => serverFavourites(other.request)).toEqual([...before, fromOtherDevice].sort(byName));
    await expect(otherPage.getByRole('main').getByText(/waiting to sync/i)).toHaveCount(0);
  } finally {
    await other.close();
  }

  // Back on this device two minutes later, a refresh: the copy of the list is then too old to
  // reuse (a minute), so the app asks the server again. It must show the server's list, with the
  // other device's favourite, plus the held one, still pending.
  await page.clock.fastForward('02:00');
  await page.reload();
  await expect(resources.allResources.getByRole('link').first()).toBeVisible();
  await expect(resources.favouriteLink(fromOtherDevice)).toHaveCount(1);
  await expect(resources.toggle(fromOtherDevice)).toHaveAttribute('aria-pressed', 'true');
  await expect(waiting(resources, fromOtherDevice)).toHaveCount(0);
  await expect(resources.favouriteLink(held)).toHaveCount(1);
  await expect(resources.toggle(held)).toHaveAttribute('aria-pressed', 'true');
  await expect(waiting(resources, held)).toBeVisible();
  for (const name of before) await expect(resources.favouriteLink(name)).toHaveCount(1);

  // Release the network: the held favourite is delivered, once, and nothing is left waiting.
  await context.unroute(addFavouritePath, holdPosts);
  // Requests of the page before the refresh were cancelled with it; continuing them fails.
  for (const route of heldRequests.splice(0)) await route.continue().catch(() => undefined);
  const expected = [...before, held, fromOtherDevice].sort(byName);
  await expect.poll(() => serverFavourites(context.request), { timeout: 30_000, intervals: [500, 1000] }).toEqual(expected);
  await expect(page.getByRole('main').getByText(/waiting to sync/i)).toHaveCount(0);
  await expect(resources.favouriteLink(held)).toHaveCount(1);
  await expect(resources.favouriteLink(fromOtherDevice)).toHaveCount(1);
  expect(await serverFavourites(context.request)).toEqual(expected);
});
