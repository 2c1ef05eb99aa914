import type { APIRequestContext, BrowserContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { AppearanceSettingsPage } from './pages/AppearanceSettingsPage';
import { fetchNotifications, NotificationsPage } from './pages/NotificationsPage';
import { ResourcesPage } from './pages/ResourcesPage';
import { useOwnServer } from './support/ownServer';
import { waitForServiceWorkerControl } from './support/serviceWorker';

// The service worker runs here, as it does for every user (the suite blocks it elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

// Issue 13: a write queued offline must survive closing the app. Each test queues one write,
// closes the page, and reopens the app in a new page, which fetches a fresh antiforgery token at
// start-up before the outbox replays. The server must then hold the write exactly once.
// Its own server: one test stops and restarts it, and all of them change `student`'s data. Each
// test uses its own item and compares with what the server held before, so they stay independent.
const server = useOwnServer(test);

/** One kind of queued write, as a student makes it and as the server stores it. */
interface QueuedWrite<T> {
  readonly name: string;
  /** Opens the page where the write is made and waits until its data is shown. */
  open(page: Page): Promise<void>;
  /** What the server holds, as far as this write is concerned; compared before and after. */
  serverView(request: APIRequestContext): Promise<T>;
  /** Checks the write is not on the server yet, and says what the server must hold once it is. */
  expectedAfter(before: T): T;
  /** Makes the write; it applies at once and shows as waiting to sync. */
  make(page: Page): Promise<void>;
  /** After a reload with the write still queued: applied, and still marked as waiting. */
  expectPending(page: Page): Promise<void>;
  /** Once delivered: applied, with nothing left waiting. */
  expectSettled(page: Page): Promise<void>;
}

const byName = (a: string, b: string) => a.localeCompare(b);

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.status(), `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

/** Where a star is pressed on /resources, and the server's list that it changes. */
interface FavouriteKind {
  readonly label: string;
  /** The section whose star is pressed: all links, or trending news. */
  section(resources: ResourcesPage): Locator;
  /** The student's own favourites of this kind are shown (it has some), so a change applies to that list. */
  expectListShown(resources: ResourcesPage): Promise<void>;
  /** GET path of the server's list, and the name of each entry in it. */
  readonly listPath: string;
  readonly nameOf: (entry: Record<string, unknown>) => unknown;
}

const linkFavourites: FavouriteKind = {
  label: 'link',
  section: (resources) => resources.allResources,
  expectListShown: (resources) => expect(resources.favourites.getByRole('link').first()).toBeVisible(),
  listPath: '/api/user/favourites/resources',
  nameOf: (entry) => entry.displayName,
};

/** A favourited trending item joins 'Saved news' under Favourites. */
const trendingFavourites: FavouriteKind = {
  label: 'trending item',
  section: (resources) => resources.trending,
  expectListShown: (resources) => expect(resources.favourites.getByRole('heading', { name: 'Saved news' })).toBeVisible(),
  listPath: '/api/user/favourites/trending',
  nameOf: (entry) => entry.title,
};

/** Favouriting on /resources. The server's favourite names, duplicates kept (so they would show). */
function favourite(kind: FavouriteKind, name: string): QueuedWrite<string[]> {
  const star = (resources: ResourcesPage) => resources.toggle(name, kind.section(resources));
  const waiting = (resources: ResourcesPage) => resources.row(name, kind.section(resources)).getByText('Waiting to sync', { exact: true });
  return {
    name: `favourite the ${kind.label} '${name}'`,
    async open(page) {
      const resources = new ResourcesPage(page);
      await resources.goto();
      await expect(star(resources)).toBeVisible();
      await kind.expectListShown(resources);
    },
    serverView: async (request) => (await getJson<Record<string, unknown>[]>(request, kind.listPath)).map((entry) => String(kind.nameOf(entry))).sort(byName),
    expectedAfter(before) {
      expect(before).not.toContain(name);
      return [...before, name].sort(byName);
    },
    async make(page) {
      const resources = new ResourcesPage(page);
      await expect(star(resources)).toHaveAttribute('aria-pressed', 'false');
      await star(resources).click();
      await this.expectPending(page);
    },
    async expectPending(page) {
      const resources = new ResourcesPage(page);
      await expect(star(resources)).toHaveAttribute('aria-pressed', 'true');
      await expect(waiting(resources)).toBeVisible();
      await expect(resources.favouriteLink(name)).toHaveCount(1);
    },
    async expectSettled(page) {
      const resources = new ResourcesPage(page);
      await expect(star(resources)).toHaveAttribute('aria-pressed', 'true');
      await expect(resources.favouriteLink(name)).toHaveCount(1);
      await expect(page.getByRole('main').getByText(/waiting to sync/i)).toHaveCount(0);
    },
  };
}

/** Marking a notification as read on /user/notifications. The server's unread titles. */
function markAsRead(title: string): QueuedWrite<string[]> {
  let unreadBefore = 0;
  /** Shown as read, one fewer unread in the badge, and marked as waiting only while `isPending`. */
  const expectRead = async (page: Page, isPending: boolean): Promise<void> => {
    const notifications = new NotificationsPage(page);
    await expect(notifications.state(title, 'Read')).toBeVisible();
    if (isPending) await expect(notifications.pending(title)).toBeVisible();
    else await expect(notifications.pending(title)).toHaveCount(0);
    await notifications.expectUnreadBadge(unreadBefore - 1);
  };
  return {
    name: `mark the notification '${title}' as read`,
    open: (page) => new NotificationsPage(page).goto(),
    serverView: async (request) => (await fetchNotifications(request)).filter((n) => !n.isRead).map((n) => n.title).sort(byName),
    expectedAfter(before) {
      expect(before).toContain(title);
      unreadBefore = before.length;
      return before.filter((unread) => unread !== title);
    },
    async make(page) {
      const notifications = new NotificationsPage(page);
      await notifications.markAsRead(title).click();
      await this.expectPending(page);
    },
    expectPending: (page) => expectRead(page, true),
    expectSettled: (page) => expectRead(page, false),
  };
}

interface UserApiPreferences {
  readonly theme: string;
  readonly border: string;
  readonly font: string;
}

/** Choosing a theme in Settings → Appearance: it applies at once, and the PUT carries all three values. */
function chooseTheme(theme: 'Dark' | 'Light'): QueuedWrite<UserApiPreferences> {
  const shown = theme.toLowerCase();
  /** The theme applied and checked, with `saveStatus` under the choices. */
  const expectChosen = async (page: Page, saveStatus: string): Promise<void> => {
    const appearance = new AppearanceSettingsPage(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', shown);
    await expect(appearance.theme(theme)).toBeChecked();
    await expect(appearance.saveStatus).toHaveText(saveStatus);
  };
  return {
    name: `choose the ${theme} theme`,
    open: (page) => new AppearanceSettingsPage(page).goto(),
    serverView: (request) => getJson<UserApiPreferences>(request, '/api/user/preferences/userapi'),
    expectedAfter(before) {
      expect(before.theme).not.toBe(theme);
      return { ...before, theme };
    },
    async make(page) {
      const appearance = new AppearanceSettingsPage(page);
      await appearance.theme(theme).check();
      await this.expectPending(page);
    },
    expectPending: (page) => expectChosen(page, 'Saved offline, will sync'),
    expectSettled: (page) => expectChosen(page, ''),
  };
}

/** Signs in and opens the write's page a second time, so the service worker is in control. */
async function openControlled(page: Page, write: QueuedWrite<unknown>, signIn: () => Promise<void>): Promise<void> {
  await signIn();
  await write.open(page);
  await waitForServiceWorkerControl(page);
}

/**
 * Reopens the app in a new page of the same browser (the closed one is gone), and waits until
 * the server holds exactly what it should; then checks the page shows it, with nothing left
 * waiting, and that the server still holds it exactly once (no late second replay).
 */
/** Opens the write's page under the service worker, notes what the server should then hold, and makes the write offline. */
async function makeOffline<T>(page: Page, context: BrowserContext, write: QueuedWrite<T>, signIn: () => Promise<void>): Promise<T> {
  await openControlled(page, write, signIn);
  const expected = write.expectedAfter(await write.serverView(context.request));
  await context.setOffline(true);
  await write.make(page);
  return expected;
}

async function reopenAndExpectDelivered(context: BrowserContext, write: QueuedWrite<unknown>, expected: unknown): Promise<void> {
  const reopened = await context.newPage();
  await write.open(reopened);
  await expect.poll(() => write.serverView(context.request), { timeout: 30_000, intervals: [500, 1000] }).toEqual(expected);
  await write.expectSettled(reopened);
  expect(await write.serverView(context.request)).toEqual(expected);
}

const writes: readonly QueuedWrite<unknown>[] = [
  favourite(linkFavourites, 'Book a study room'),
  favourite(trendingFavourites, 'Wellbeing week: yoga, dogs and free breakfast'),
  markAsRead('Room change: CS2052 Seminar'),
  chooseTheme('Dark'),
];

for (const write of writes) {
  test(`${write.name} offline, close the app, reopen it online: the server has it exactly once`, async ({ page, context, signInAs }) => {
    const expected = await makeOffline(page, context, write, () => signInAs('student'));
    await page.close();
    await context.setOffline(false);

    await reopenAndExpectDelivered(context, write, expected);
  });
}

test.describe('on a phone-sized screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a favourite made offline survives a reload while still offline, and reaches the server once after the app is reopened online', async ({ page, context, signInAs }) => {
    const write: QueuedWrite<string[]> = favourite(linkFavourites, 'Bus times');
    const expected = await makeOffline(page, context, write, () => signInAs('student'));
    await page.reload();
    await write.expectPending(page);
    await page.close();
    await context.setOffline(false);

    await reopenAndExpectDelivered(context, write, expected);
  });
});

test('a notification marked as read while the server is down, the app closed, the server restarted: read once the app is reopened', async ({ page, context, signInAs }) => {
  test.setTimeout(120_000); // a server stop and start (embedded PostgreSQL) on top of the test
  const write: QueuedWrite<string[]> = markAsRead('Exam timetable published');
  await openControlled(page, write, () => signInAs('student'));
  const expected = write.expectedAfter(await write.serverView(context.request));

  await server.stop();
  try {
    await write.make(page);
    await page.close();
  } finally {
    await server.start();
  }

  await reopenAndExpectDelivered(context, write, expected);
});
