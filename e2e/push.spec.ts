/**
 * Push notifications end to end, as `student` in Chromium, against the real built app, its
 * service worker and its server, with one stand-in: the BROWSER'S push service.
 *
 * Chromium's push service is Google's FCM, which this machine (and CI) cannot reach, so a real
 * `pushManager.subscribe()` never settles here. Instead:
 * - a real local Web Push service (`web-push-testing`, tests/helpers/localPushService.ts) runs on
 *   a free port that the app server's PUSH_ALLOWED_ORIGINS names; it verifies each push's VAPID
 *   JWT and decrypts the aes128gcm payload, exactly as a browser vendor's service would;
 * - in the page, only PushManager.prototype.subscribe/getSubscription are replaced
 *   (e2e/support/localPushShim.ts) so the browser's subscription comes from that service;
 * - the payload the service received and decrypted is then handed to the real service worker with
 *   the DevTools protocol (`ServiceWorker.deliverPushMessage`), which is what the browser would do
 *   on receiving it.
 * Everything else is real: the permission (granted by the test), the settings page and its state
 * machine, the subscription stored by the server, the admin route that cancels a class, notify(),
 * the background push queue with VAPID and encryption, the worker's system notification and its
 * 'update-notifications' message that makes the open notifications page reload.
 */
import { createHash } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import type { CancelClassResult } from '../src/shared/contract/admin';
import { xsrfCookieName, xsrfHeaderName } from '../src/shared/contract/antiforgery';
import type { NotificationSubscription } from '../src/shared/contract/notifications';
import type { Timetable, TimetableEntry } from '../src/shared/contract/timetable';
import type { LocalPushService } from '../tests/helpers/localPushService';
import { expect, test } from './fixtures';
import { NotificationSettingsPage } from './pages/NotificationSettingsPage';
import { fetchNotifications, NotificationsPage } from './pages/NotificationsPage';
import { pageTime } from './support/clock';
import { installLocalPushShim } from './support/localPushShim';
import { startPushServiceProcess } from './support/pushServiceProcess';
import { useOwnServer } from './support/ownServer';
import { deliverPushToServiceWorker, shownNotifications } from './support/pushDelivery';
import { waitForServiceWorkerControl } from './support/serviceWorker';

// The service worker runs here, as it does for every user (the suite blocks it elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

// The push service first, on a free port: the server's PUSH_ALLOWED_ORIGINS names it.
let pushService: LocalPushService;
test.beforeAll(async () => {
  pushService = await startPushServiceProcess();
});
// Its own server and database: the test cancels a class, which nothing else should see.
const server = useOwnServer(test, { env: () => ({ PUSH_ALLOWED_ORIGINS: pushService.origin, PUSH_RETRY_BASE_MS: '200' }) });
test.afterAll(async () => {
  await pushService.close();
});

/** The server's Web Push device token: base64url(SHA-256(endpoint)). */
const tokenOf = (endpoint: string) => createHash('sha256').update(endpoint).digest('base64url');

async function storedSubscription(request: APIRequestContext, token: string): Promise<NotificationSubscription | null> {
  const response = await request.get(`/api/user/notifications/subscription/${encodeURIComponent(token)}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as NotificationSubscription | null;
}

const typesOf = (subscription: NotificationSubscription | null) => subscription?.subscriptionNotificationTypes.map((t) => t.notificationType);

/** One of the signed-in student's classes that is still to come. */
async function upcomingClass(page: Page): Promise<TimetableEntry> {
  const timetable = (await (await page.request.get('/api/timetable')).json()) as Timetable;
  const now = await pageTime(page);
  const entry = timetable.timetableEntries.find((e) => !e.isCancelled && Date.parse(e.startTime) > now + 60 * 60_000);
  expect(entry, 'the seed gives student an upcoming class').toBeDefined();
  return entry as TimetableEntry;
}

/** An API client signed in as `admin` through the demo sign-in, sending its antiforgery header. */
async function cancelAsAdmin(request: APIRequestContext, rowId: number): Promise<CancelClassResult> {
  const xsrf = async () => {
    const cookie = (await request.storageState()).cookies.find((c) => c.name === xsrfCookieName);
    return { [xsrfHeaderName]: decodeURIComponent(cookie?.value ?? '') };
  };
  await request.get('/api/antiforgerytoken');
  expect((await request.post('/api/user/signin/demo', { headers: await xsrf(), data: { userName: 'admin' } })).ok()).toBe(true);
  const response = await request.post(`/api/admin/timetable/events/${rowId}/cancel`, { headers: await xsrf() });
  expect(response.status()).toBe(200);
  return (await response.json()) as CancelClassResult;
}

test('a student enables push, gets a notification when a class is cancelled, and unsubscribes', async ({
  page,
  context,
  playwright,
  signInAs,
  expectNoAxeViolations,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['notifications'], { origin: server.baseURL });
  const shim = await installLocalPushShim(context, pushService);
  await signInAs('student');
  await waitForServiceWorkerControl(page);

  // Settings: off, with every type the role allows ticked to start with.
  const settings = new NotificationSettingsPage(page);
  await settings.goto();
  await expect(settings.state).toHaveText('Notifications are off on this device.');
  await expect(settings.section.getByText('Your browser allows Campus Companion to show notifications.')).toBeVisible();
  for (const type of ['General', 'Timetable', 'Attendance']) await expect(settings.type(type)).toBeChecked();
  await expectNoAxeViolations();

  // Enable with Timetable and Attendance only, using the keyboard.
  await settings.type('General').focus();
  await page.keyboard.press('Space');
  await expect(settings.type('General')).not.toBeChecked();
  await settings.enable.click();
  await expect(settings.toast('Notifications enabled on this device')).toBeVisible();
  await expect(settings.state).toHaveText('Notifications are on for this device.');
  await expect(settings.update).toBeDisabled();
  const subscription = shim.current();
  expect(subscription?.endpoint.startsWith(`${pushService.origin}/`)).toBe(true);
  const token = tokenOf(subscription?.endpoint ?? '');
  expect(typesOf(await storedSubscription(page.request, token))).toEqual(['Timetable', 'Attendance']);
  await expectNoAxeViolations();

  // Update the types: Timetable only. After a reload the page reads the state back from the server.
  await settings.type('Attendance').uncheck();
  await settings.update.click();
  await expect(settings.toast('Notifications settings updated')).toBeVisible();
  expect(typesOf(await storedSubscription(page.request, token))).toEqual(['Timetable']);
  await page.reload();
  await expect(settings.state).toHaveText('Notifications are on for this device.');
  await expect(settings.type('Timetable')).toBeChecked();
  await expect(settings.type('Attendance')).not.toBeChecked();
  await expect(settings.type('General')).not.toBeChecked();

  // An administrator cancels one of the student's classes, with the notifications page open.
  const notifications = new NotificationsPage(page);
  await notifications.goto();
  const entry = await upcomingClass(page);
  const title = `Cancelled: ${entry.moduleCode} ${entry.eventType}`;
  // It opens the class on the timetable: its day's week and its card (issue 34 §5).
  const classUrl = `/timetable?week=${entry.startTime.slice(0, 10)}#class-${entry.rowId}`;
  await expect(notifications.item(title)).toHaveCount(0);
  const admin = await playwright.request.newContext({ baseURL: server.baseURL });
  try {
    expect((await cancelAsAdmin(admin, entry.rowId)).notified).toBeGreaterThan(0);
  } finally {
    await admin.dispose();
  }

  // The local push service verified the VAPID signature and decrypted the payload.
  let received: string[] = [];
  await expect.poll(async () => (received = await pushService.messages(subscription ?? { endpoint: '', keys: { p256dh: '', auth: '' }, clientHash: '' })).length, {
    timeout: 20_000,
  }).toBe(1);
  const payload = JSON.parse(received[0] ?? '{}') as { rowId: number; title: string; body: string; url: string; type: string };
  expect(payload).toMatchObject({ title, url: classUrl, type: 'Timetable' });
  expect(payload.body).toContain('is cancelled');

  // The browser hands that payload to the app's service worker: a system notification, and the
  // open page reloads its list without being asked.
  await page.evaluate(() => {
    const seen: unknown[] = [];
    Object.assign(window, { workerMessages: seen });
    navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => seen.push(event.data));
  });
  await deliverPushToServiceWorker(page, received[0] ?? '');
  await expect.poll(() => shownNotifications(page)).toContainEqual({
    title,
    body: payload.body,
    tag: `notification-${payload.rowId}`,
    data: { url: classUrl, rowId: payload.rowId },
  });
  await expect.poll(() => page.evaluate(() => (window as unknown as { workerMessages: unknown[] }).workerMessages)).toContainEqual({ type: 'update-notifications' });
  await expect(notifications.heading(title)).toBeVisible();
  await expect(notifications.state(title, 'Unread')).toBeVisible();

  // Mark all as read: the new one reads as read, the badge goes, and the server agrees.
  await notifications.markAll.click();
  await expect(notifications.state(title, 'Read')).toBeVisible();
  await expect(notifications.headerLink).toHaveAccessibleName('Notifications');
  await expect.poll(async () => (await fetchNotifications(page.request)).filter((item) => !item.isRead).length).toBe(0);

  // Unsubscribe: the server forgets the device, and the browser's subscription is gone.
  await settings.goto();
  await expect(settings.state).toHaveText('Notifications are on for this device.');
  await settings.unsubscribe.click();
  await expect(settings.toast('Unsubscribed from notifications on this device')).toBeVisible();
  await expect(settings.state).toHaveText('Notifications are off on this device.');
  await expect(settings.enable).toBeFocused();
  expect(await storedSubscription(page.request, token)).toBeNull();
  expect(shim.current()).toBeUndefined();
});

test('enabling without the browser’s permission says so and stores nothing', async ({ page, context, signInAs }) => {
  await context.clearPermissions();
  const shim = await installLocalPushShim(context, pushService);
  await signInAs('lecturer');
  await waitForServiceWorkerControl(page);
  const settings = new NotificationSettingsPage(page);
  await settings.goto();
  // SPEC §6: teaching staff get General and Timetable, not Attendance.
  await expect(settings.type('General')).toBeChecked();
  await expect(settings.type('Timetable')).toBeChecked();
  await expect(settings.type('Attendance')).toHaveCount(0);

  await settings.enable.click();
  // Headless Chromium answers the permission prompt with "block", as a user may.
  await expect(settings.toast('Permission not granted for Notification')).toBeVisible();
  await expect(settings.section.getByText(/Your browser blocks notifications from Campus Companion/)).toBeVisible();
  await expect(settings.state).toHaveText('Notifications are off on this device.');
  expect(shim.current()).toBeUndefined();
});
