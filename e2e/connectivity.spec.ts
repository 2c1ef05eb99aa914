import { healthRoute } from '../src/shared/contract/realtime';
import { expect, test } from './fixtures';
import { AppShell } from './pages/AppShell';
import { fetchNotifications, NotificationsPage } from './pages/NotificationsPage';
import { pageTime } from './support/clock';
import { useOwnServer } from './support/ownServer';
import { waitForServiceWorkerControl } from './support/serviceWorker';

// The service worker runs here, as it does for every user (the suite blocks it elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

// Issue 34 §3, "An offline state you can trust": the header's connectivity signal follows the
// server (a failed request, or the light check while the page is visible) and the browser, with
// nobody writing anything; and a mark as read kept on the device is told as the favourites' are.
// This file stops and restarts its own server; its tests run in order.
const server = useOwnServer(test);
test.describe.configure({ mode: 'serial' });

const queuedMark = 'Marked as read. Saved on this device: it will sync when the connection is back.';

for (const [viewportIndex, viewport] of [
  { name: 'phone', size: { width: 390, height: 844 }, isMobile: true },
  { name: 'desktop', size: { width: 1280, height: 860 }, isMobile: false },
].entries()) {
  test.describe(`connectivity on a ${viewport.name}`, () => {
    test.use({ viewport: viewport.size, isMobile: viewport.isMobile, hasTouch: viewport.isMobile });

    test('the server stops while the student reads: "Server unreachable" within 10 s, and it clears by itself when the server is back', async ({ page, signInAs, expectNoAxeViolations }) => {
      test.setTimeout(120_000);
      // The header's check loads once the page's first content shows, and its first probe asks for
      // the health route at once: the server stops only once the check runs (had it stopped first,
      // the check's own chunk could not have loaded, the service worker not having cached it yet).
      const isChecking = page.waitForRequest((request) => new URL(request.url()).pathname === healthRoute.path);
      await signInAs('student');
      const shell = new AppShell(page);
      await expect(page.getByText(/Updated \d{2}:\d{2}/).first()).toBeVisible();
      await expect(shell.connectivity).toHaveCount(0);
      await isChecking;

      // From here the page's time moves only when the test moves it.
      await page.clock.pauseAt((await pageTime(page)) + 1_000);
      await server.stop();
      try {
        // Nothing is written, nothing is clicked: the student only reads. Ten seconds pass at once
        // (the timers due meanwhile fire once; the requests they send then take their real time).
        await page.clock.fastForward(10_000);
        await expect(shell.connectivity).toHaveText('Server unreachable');
        await expect(shell.serviceStatusChecking).toHaveCount(0);
        await expectNoAxeViolations(page, { isClockPaused: true });
      } finally {
        await server.start();
      }

      await page.clock.fastForward(10_000);
      await expect(shell.connectivity).toHaveCount(0);
      await expect(shell.header).not.toContainText('Server unreachable');
    });

    test('the browser goes offline: the header says "Offline", also after a reload, with no endless "Checking…"; online again it clears', async ({ page, context, signInAs, expectNoAxeViolations }) => {
      await signInAs('student');
      await waitForServiceWorkerControl(page);
      const shell = new AppShell(page);
      await expect(page.getByText(/Updated \d{2}:\d{2}/).first()).toBeVisible();
      await expect(shell.connectivity).toHaveCount(0);

      await context.setOffline(true);
      try {
        await expect(shell.connectivity).toHaveText('Offline');
        // The app opened with no network, as on a train: the cached copy, and the header says why
        // nothing is fresh rather than checking the services for ever. The status feed has tried
        // (and failed) to connect before the header is read, so its loading state would be showing.
        const feedTried = page.waitForEvent('requestfailed', (request) => request.url().includes('/api/realtimepingdom/negotiate'));
        await page.reload();
        await expect(page.getByRole('heading', { name: 'Welcome, Amara' })).toBeVisible();
        await feedTried;
        await expect(shell.connectivity).toHaveText('Offline');
        await expect(shell.serviceStatusChecking).toHaveCount(0);
        await expectNoAxeViolations();
      } finally {
        await context.setOffline(false);
      }
      await expect(shell.connectivity).toHaveCount(0);
    });

    test('marked as read offline: the notice says it is saved on this device and will sync, no network error box; the read state reaches the server after reconnecting', async ({ page, context, signInAs, expectNoAxeViolations }) => {
      await signInAs('student');
      await waitForServiceWorkerControl(page);
      const notifications = new NotificationsPage(page);
      const shell = new AppShell(page);
      await notifications.goto();
      // One unread notification of the first page per viewport: the other's test changes its own.
      const target = (await fetchNotifications(page.request)).slice(0, 10).filter((n) => !n.isRead)[viewportIndex];
      expect(target, 'an unread notification on the first page').toBeDefined();
      const title = target?.title ?? '';

      await context.setOffline(true);
      try {
        await notifications.markAsRead(title).click();
        await expect(notifications.state(title, 'Read')).toBeVisible();
        await expect(notifications.pending(title)).toBeVisible();
        await expect(page.getByText(queuedMark, { exact: true })).toBeVisible();
        await expect(page.getByText(/network error|Are you connected to the internet/)).toHaveCount(0);
        await expect(page.getByRole('main').locator('.callout')).toHaveCount(0);
        await expect(shell.connectivity).toContainText('Offline');
        await expect(shell.connectivity).toContainText('1 change waiting to sync');
        await expectNoAxeViolations();
      } finally {
        await context.setOffline(false);
      }

      // No further action: the queue replays when the browser is back online, and the list reloads.
      await expect(notifications.pending(title)).toHaveCount(0);
      await expect(notifications.state(title, 'Read')).toBeVisible();
      await expect(shell.connectivity).toHaveCount(0);
      expect((await fetchNotifications(page.request)).find((n) => n.rowId === target?.rowId)?.isRead).toBe(true);
    });
  });
}
