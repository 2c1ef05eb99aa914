import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { ResourcesPage } from './pages/ResourcesPage';
import { useOwnServer } from './support/ownServer';
import { waitForServiceWorkerControl } from './support/serviceWorker';

// The service worker runs here, as it does for every user (the suite blocks it elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

// This file stops and restarts its own server (the offline favourites).
const welcomeWeekUrl = 'https://campus.example.ac.uk/welcome-week';
const server = useOwnServer(test, { env: { WELCOME_WEEK_URL: welcomeWeekUrl } });
test.describe.configure({ mode: 'serial' });

/** The server's favourite link names, in its order (duplicates kept, so they would show). */
async function serverFavourites(request: APIRequestContext): Promise<string[] | null> {
  const response = await request.get('/api/user/favourites/resources');
  if (!response.ok()) return null;
  return ((await response.json()) as { displayName: string }[]).map((favourite) => favourite.displayName);
}

test('a student favourites a link, finds it on the home page, removes it and undoes the removal', async ({ page, signInAs }) => {
  await signInAs('student');
  const resources = new ResourcesPage(page);
  await resources.goto();

  await resources.setFavourite('Referencing guide', true);
  await expect(page.getByText("Added 'Referencing guide' to favourites", { exact: true })).toBeVisible();
  await resources.toastAction('Dismiss').click();
  await expect(resources.favouriteLink('Referencing guide')).toBeVisible();

  await page.getByRole('link', { name: 'Home' }).first().click();
  await expect(page.getByRole('region', { name: 'Favourites' }).getByRole('link', { name: /^Referencing guide/ })).toBeVisible();

  await resources.goto();
  await resources.setFavourite('Referencing guide', false);
  await expect(resources.favouriteLink('Referencing guide')).toHaveCount(0);
  await expect(page.getByText("Removed 'Referencing guide' from favourites", { exact: true })).toBeVisible();
  await resources.toastAction('Undo').click();

  await expect(resources.toggle('Referencing guide')).toHaveAttribute('aria-pressed', 'true');
  await expect(resources.favouriteLink('Referencing guide')).toBeVisible();
  await expect(page.getByText(/^Added .* to favourites/)).toHaveCount(0); // Undo re-adds silently
  await expect.poll(() => serverFavourites(page.request)).toContain('Referencing guide');
});

test('favourite changes made with the server down stay pending across a reload and reach the server when it returns', async ({ page, signInAs }) => {
  test.setTimeout(180_000);
  await signInAs('student');
  await waitForServiceWorkerControl(page);
  const resources = new ResourcesPage(page);
  await resources.goto();
  const before = (await serverFavourites(page.request)) ?? [];
  expect(before).toContain('Library search');
  const expected = [...before.filter((name) => name !== 'Library search'), 'Book a study room', 'Bus times'].sort();

  await server.stop();
  try {
    await resources.setFavourite('Book a study room', true);
    await resources.setFavourite('Bus times', true);
    await resources.setFavourite('Library search', false);

    await page.reload();
    await expect(resources.allResources.getByRole('link').first()).toBeVisible();
    await expect(resources.toggle('Book a study room')).toHaveAttribute('aria-pressed', 'true');
    await expect(resources.toggle('Bus times')).toHaveAttribute('aria-pressed', 'true');
    await expect(resources.toggle('Library search')).toHaveAttribute('aria-pressed', 'false');
    await expect(resources.row('Book a study room').getByText('Waiting to sync')).toBeVisible();
    await expect(resources.row('Bus times').getByText('Waiting to sync')).toBeVisible();
    await expect(resources.row('Library search').getByText('Removal waiting to sync')).toBeVisible();
    await expect(resources.favouriteLink('Library search')).toHaveCount(0);
  } finally {
    await server.start();
  }

  // No further action: the queue replays by itself, once, in order.
  await expect
    .poll(async () => (await serverFavourites(page.request))?.sort(), { timeout: 120_000, intervals: [1000] })
    .toEqual(expected);
  await expect(page.getByRole('main').getByText(/waiting to sync/i)).toHaveCount(0, { timeout: 30_000 });
});

test('staff see the resources but no trending section, and never ask for trending content', async ({ page, signInAs }) => {
  const trendingCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/trending')) trendingCalls.push(request.url());
  });
  await signInAs('staff');
  const resources = new ResourcesPage(page);
  await resources.goto();
  await expect(resources.row('Moodle')).toBeVisible();
  await expect(resources.favourites).toBeVisible();
  await expect(resources.trendingHeading).toHaveCount(0);
  expect(trendingCalls).toEqual([]);
});

test('the resources page: search, both views, welcome week, trending; axe finds nothing', async ({ page, signInAs, expectNoAxeViolations }) => {
  await signInAs('student');
  const resources = new ResourcesPage(page);
  await resources.goto();
  await expect(page.getByRole('link', { name: /^Welcome week/ })).toHaveAttribute('href', welcomeWeekUrl);
  await expect(resources.trendingHeading).toBeVisible();
  await expect(resources.toggle('Sign up for the spring hackathon', resources.trending)).toHaveAttribute('aria-pressed', 'true');
  await expectNoAxeViolations();

  await resources.search.fill('moo');
  await expect(page.getByRole('status').filter({ hasText: 'link found' })).toHaveText('1 link found');
  await expect(resources.allResources.getByRole('link')).toHaveCount(1);

  await resources.search.fill('');
  await page.getByRole('radio', { name: 'A to Z' }).check();
  const names = await resources.allResources.locator('.resource-link__name').evaluateAll((links) => links.map((link) => link.firstChild?.textContent ?? ''));
  expect(names.length).toBeGreaterThan(10);
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en-GB', { sensitivity: 'base' })));
  await expect.poll(async () => ((await page.request.get('/api/user/preferences/app')).json())).toMatchObject({ isCategoryView: false });
  await expectNoAxeViolations();

  await page.getByRole('radio', { name: 'By category' }).check();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations();
});
