/**
 * The admin notification centre end to end: `admin` composes a notification to role Student,
 * scheduled a minute ahead (through the job queue); it reaches `student`'s notification centre and,
 * as `student` subscribed, a push through the local Web Push service (see push.spec.ts for that
 * stand-in); `lecturer` does not get it; the history's read rate moves once `student` reads it.
 * The notifications and audit log screens are axe-checked at desktop and phone widths.
 */
import type { Page } from '@playwright/test';
import type { LocalPushService } from '../tests/helpers/localPushService';
import { expect, test, type NewContext } from './fixtures';
import { NotificationSettingsPage } from './pages/NotificationSettingsPage';
import { fetchNotifications, NotificationsPage } from './pages/NotificationsPage';
import { runServerJob } from './support/clock';
import { fillDateAndTime } from './support/dateTimeFields';
import { installLocalPushShim } from './support/localPushShim';
import { startPushServiceProcess } from './support/pushServiceProcess';
import { useOwnServer } from './support/ownServer';
import { deliverPushToServiceWorker } from './support/pushDelivery';
import { waitForServiceWorkerControl } from './support/serviceWorker';
import { signInOn } from './support/signIn';

// The service worker runs here, as it does for every user (the suite blocks it elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

// The push service first, on a free port: the server's PUSH_ALLOWED_ORIGINS names it.
let pushService: LocalPushService;
test.beforeAll(async () => {
  pushService = await startPushServiceProcess();
});
// Its own server: the notification goes to every student, which no other spec should see.
const server = useOwnServer(test, { env: () => ({ PUSH_ALLOWED_ORIGINS: pushService.origin }) });
test.afterAll(async () => {
  await pushService.close();
});

const phone = { width: 390, height: 844 };

async function pageAs(newContext: NewContext, userName: 'admin' | 'lecturer'): Promise<Page> {
  const context = await newContext();
  const page = await context.newPage();
  await signInOn(page, userName);
  return page;
}

/** The history row of a notification, by its title. */
const historyRow = (admin: Page, title: string) =>
  admin.getByRole('table', { name: 'Notification history' }).getByRole('row').filter({ hasText: title });

test('a scheduled notification to students reaches student (list and push), not lecturer; the read rate follows', async ({
  page,
  context,
  newContext,
  clock,
  baseURL,
  signInAs,
  expectNoAxeViolations,
}) => {
  test.setTimeout(240_000);
  // student turns push on for this device (every type).
  await context.grantPermissions(['notifications'], { origin: server.baseURL });
  const shim = await installLocalPushShim(context, pushService);
  await signInAs('student');
  await waitForServiceWorkerControl(page);
  const settings = new NotificationSettingsPage(page);
  await settings.goto();
  await settings.enable.click();
  await expect(settings.toast('Notifications enabled on this device')).toBeVisible();
  const subscription = shim.current();
  expect(subscription).toBeDefined();

  // admin composes it, scheduled one minute ahead.
  const admin = await pageAs(newContext, 'admin');
  await admin.goto('/admin/notifications');
  const form = admin.getByRole('form', { name: 'Compose a notification' });
  await expect(form).toBeVisible();
  await expectNoAxeViolations(admin);
  const title = 'Library reminder for {FIRSTNAME}';
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Text', { exact: true }).fill('Hello {FIRSTNAME}, your books are due back on Friday.');
  await form.getByLabel('Link (optional)').fill('/resources');
  // Nothing chosen counts everyone; ticking Students narrows the live count.
  const count = form.getByRole('status');
  // Counts are written en-GB (2,340).
  const counted = (text: string) => Number(text.split(' ')[0]?.replace(/,/g, ''));
  await expect(count).toHaveText(/^[\d,]+ recipients\.$/);
  const everyone = await count.innerText();
  await form.getByRole('group', { name: 'Roles' }).getByRole('checkbox', { name: 'Students' }).check();
  await expect(count).not.toHaveText(everyone);
  await expect(count).toHaveText(/^[\d,]+ recipients\.$/);
  const recipients = counted(await count.innerText());
  expect(recipients).toBeLessThan(counted(everyone));
  expect(recipients).toBeGreaterThan(1);
  await form.getByRole('radio', { name: 'Schedule' }).check();
  // The next whole minute at least a minute away (the form takes minutes): 60 to 120 s from now.
  const sendAt = await admin.evaluate(() => {
    const at = new Date(Math.ceil((Date.now() + 60_000) / 60_000) * 60_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return { date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`, time: `${pad(at.getHours())}:${pad(at.getMinutes())}` };
  });
  await fillDateAndTime(form.getByLabel('Send on', { exact: true }), form.getByLabel('Send at', { exact: true }), sendAt.date, sendAt.time);
  await form.getByRole('button', { name: 'Schedule notification' }).click();
  const shownTitle = title.replace('{FIRSTNAME}', 'Amara');
  await expect(admin.getByText(`Scheduled: ${title}.`)).toBeVisible();
  await expect(historyRow(admin, title)).toContainText('Scheduled');
  await expectNoAxeViolations(admin);

  // Nothing yet. Two minutes later (on the test's clock) the minute's sweep sends it, and the push
  // arrives, decrypted by the local push service.
  expect((await fetchNotifications(page.request)).some((n) => n.title === shownTitle)).toBe(false);
  await clock.advance(121_000);
  await runServerJob(baseURL ?? '', 'admin.notifications.sweep');
  let received: string[] = [];
  await expect
    .poll(async () => (received = await pushService.messages(subscription ?? { endpoint: '', keys: { p256dh: '', auth: '' }, clientHash: '' })).length, {
      timeout: 30_000,
    })
    .toBe(1);
  const payload = JSON.parse(received[0] ?? '{}') as { title: string; body: string; url: string; type: string };
  expect(payload).toMatchObject({ title: shownTitle, body: 'Hello Amara, your books are due back on Friday.', url: '/resources', type: 'General' });

  // student's notification centre has it (the worker's message reloads the open list).
  const notifications = new NotificationsPage(page);
  await notifications.goto();
  await deliverPushToServiceWorker(page, received[0] ?? '');
  await expect(notifications.heading(shownTitle)).toBeVisible();
  await expect(notifications.state(shownTitle, 'Unread')).toBeVisible();

  // lecturer does not.
  const lecturer = await pageAs(newContext, 'lecturer');
  expect((await fetchNotifications(lecturer.request)).some((n) => n.title.startsWith('Library reminder'))).toBe(false);
  await lecturer.context().close();

  // The history: sent to every student, nobody has read it yet.
  await admin.getByRole('button', { name: 'Refresh history' }).click();
  const row = historyRow(admin, title);
  await expect(row).toContainText('Sent');
  await expect(row.getByRole('cell').nth(4)).toHaveText(String(recipients));
  await expect(row.getByRole('cell').nth(8)).toHaveText('0%');

  // student reads it; the read rate moves.
  await notifications.markAsRead(shownTitle).click();
  await expect(notifications.state(shownTitle, 'Read')).toBeVisible();
  await expect
    .poll(async () => {
      await admin.getByRole('button', { name: 'Refresh history' }).click();
      return row.getByRole('cell').nth(7).innerText();
    })
    .toBe('1');
  await expect(row.getByRole('cell').nth(8)).toHaveText(`${Math.round((1 / recipients) * 1000) / 10}%`);

  // The audit log shows who scheduled it, with its text.
  await admin.goto('/admin/audit');
  const filters = admin.getByRole('form', { name: 'Filter the audit log' });
  await filters.getByLabel('What').selectOption('admin.notification.schedule');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  const audit = admin.getByRole('table', { name: 'Audit log' });
  await expect(audit.getByRole('row').filter({ hasText: 'admin.notification.schedule' })).toHaveCount(1);
  await expect(audit.getByRole('row').filter({ hasText: 'admin.notification.schedule' })).toContainText('(admin)');
  await expectNoAxeViolations(admin);

  // Phone width: both screens stay axe-clean.
  await admin.setViewportSize(phone);
  await admin.goto('/admin/notifications');
  await expect(admin.getByRole('form', { name: 'Compose a notification' })).toBeVisible();
  await expect(historyRow(admin, title)).toBeVisible();
  await expectNoAxeViolations(admin);
  await admin.goto('/admin/audit');
  await expect(admin.getByRole('table', { name: 'Audit log' })).toBeVisible();
  await expectNoAxeViolations(admin);
  await admin.context().close();
});
