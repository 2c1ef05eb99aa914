import { createServer, type Server } from 'node:http';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { TimetablePage } from './pages/TimetablePage';
import { findFreePort } from '../src/server/db/freePort';
import { runServerJob } from './support/clock';
import { useOwnServer } from './support/ownServer';
import { waitForServiceWorkerControl } from './support/serviceWorker';

// The service worker runs here, as it does for every user (the suite blocks it elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/**
 * The live service status feed against a server of its own whose one check (the timetable's)
 * asks an HTTP server this test starts and stops. The checks run when the test runs their job
 * (`status.checks`, as the schedule would every STATUS_CHECK_SECONDS): one failure is degraded,
 * two in a row an outage.
 */
let targetPort: number | undefined;
let target: Server | undefined;

async function startTarget(): Promise<void> {
  if (target) return;
  targetPort ??= await findFreePort();
  const server = createServer((_request, response) => response.writeHead(200).end('ok'));
  await new Promise<void>((resolve) => server.listen(targetPort, '127.0.0.1', resolve));
  target = server;
}

async function stopTarget(): Promise<void> {
  const server = target;
  target = undefined;
  if (!server) return;
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

test.describe.configure({ mode: 'serial', timeout: 90_000 });
// The target first: the server's check names its port.
test.beforeAll(startTarget);
test.afterAll(stopTarget);
const server = useOwnServer(test, {
  env: () => ({
    STATUS_CHECKS: JSON.stringify([{ id: 'timetable', name: 'Timetable', url: `http://127.0.0.1:${targetPort}/health`, feature: 'timetable', timeoutMs: 2000 }]),
  }),
});

/** One run of the status checks, as the schedule would make (jobs run on no timer in e2e). */
const runChecks = () => runServerJob(server.baseURL, 'status.checks');

const statusButton = (page: Page) => page.getByRole('button', { name: /^Service status:/ });

async function checkFeed(page: Page, expectNoAxeViolations: (page?: Page) => Promise<void>): Promise<void> {
  const timetable = new TimetablePage(page);
  await timetable.goto();
  await runChecks();
  await expect(statusButton(page)).toHaveAccessibleName('Service status: Working normally');
  await expect(page.getByText(/The timetable service is having problems/)).toHaveCount(0);

  await stopTarget();
  await runChecks();
  await expect(statusButton(page)).toHaveAccessibleName('Service status: Having problems');
  await runChecks();
  await expect(statusButton(page)).toHaveAccessibleName('Service status: Not working');
  const notice = page.getByRole('status').filter({ hasText: 'The timetable service is having problems.' });
  await expect(notice).toHaveText(/^The timetable service is having problems\. You are seeing your copy from \d{2}:\d{2}\.$/);
  // The notice names the time of the copy the page shows.
  const updated = await timetable.updatedAt.innerText();
  expect(await notice.innerText()).toContain(updated.replace('Updated ', ''));

  await statusButton(page).click();
  const panel = page.getByRole('heading', { name: 'Service status' }).locator('..');
  await expect(panel.getByText('Timetable')).toBeVisible();
  await expect(panel.getByText(/Not working since \d{2}:\d{2}/)).toBeVisible();
  await expectNoAxeViolations();
  await page.keyboard.press('Escape');
  await expect(panel.getByText('Timetable')).toBeHidden();

  await startTarget();
  await runChecks();
  await expect(statusButton(page)).toHaveAccessibleName('Service status: Working normally');
  await expect(notice).toHaveCount(0);
}

test('the header indicator turns to an outage when the check fails, and the timetable page says so calmly', async ({ page, signInAs, expectNoAxeViolations }) => {
  await signInAs('student');
  await checkFeed(page, expectNoAxeViolations);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the indicator and the notice work the same', async ({ page, signInAs, expectNoAxeViolations }) => {
    await signInAs('student');
    await checkFeed(page, expectNoAxeViolations);
  });

  test('the admin status page lists the services with their maintenance forms', async ({ page, signInAs, expectNoAxeViolations }) => {
    await signInAs('admin');
    await page.goto('/admin/status');
    await expect(page.getByRole('heading', { level: 1, name: 'Service status' })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Maintenance for Timetable' }).getByRole('button', { name: 'Set maintenance' })).toBeVisible();
    await expectNoAxeViolations();
  });
});

test('the service worker never reports the feed as session activity, so the throttle is left for real API calls', async ({ page, signInAs }) => {
  await signInAs('student');
  await waitForServiceWorkerControl(page);
  // From a page the worker controls: record what it reports (path and time).
  await page.addInitScript(() => {
    const reports: { path: string; at: number }[] = [];
    (window as unknown as { workerReports: typeof reports }).workerReports = reports;
    navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string; url?: string }>) => {
      if (event.data.type === 'fetch' && event.data.url) reports.push({ path: new URL(event.data.url).pathname, at: Date.now() });
    });
  });
  const reports = () => page.evaluate(() => (window as unknown as { workerReports: { path: string; at: number }[] }).workerReports);
  const feedRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/realtimepingdom')) feedRequests.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  const timetable = new TimetablePage(page);
  await timetable.goto();
  await runChecks();
  await expect(statusButton(page)).toHaveAccessibleName('Service status: Working normally');
  expect(feedRequests).toEqual(expect.arrayContaining(['POST /api/realtimepingdom/negotiate', 'GET /api/realtimepingdom', 'POST /api/realtimepingdom']));

  // The client's next keep-alive ping (every 15 s) goes through the worker's scope...
  const ping = await page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/realtimepingdom', { timeout: 30_000 });
  await ping.response();
  const pingAt = await page.evaluate(() => Date.now());
  const before = await reports();
  // ...more than the 3 s throttle after the last reported call, so only the ping could hold the throttle now.
  expect(pingAt - Math.max(0, ...before.map((report) => report.at))).toBeGreaterThan(3000);
  // A real API call straight after the ping is reported: the feed used none of the throttle.
  await page.getByRole('button', { name: 'Refresh' }).click();
  // (Refresh reads the timetable and the server time at once; the throttle lets the first through.)
  await expect
    .poll(async () => (await reports()).filter((report) => report.at >= pingAt).map((report) => report.path))
    .toEqual([expect.stringMatching(/^\/api\/timetable/)]);
  expect((await reports()).filter((report) => report.path.includes('realtimepingdom'))).toEqual([]);
});

test('an administrator sets maintenance in the admin area, and users see it', async ({ page, signInAs, expectNoAxeViolations }) => {
  await signInAs('admin');
  await runChecks();
  await page.goto('/admin/status');
  await expect(page.getByRole('heading', { level: 1, name: 'Service status' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Maintenance for Timetable' });
  await form.getByLabel('Message for users').fill('Timetable upgrade this morning');
  await expectNoAxeViolations();
  await form.getByRole('button', { name: 'Set maintenance' }).click();
  await expect(statusButton(page)).toHaveAccessibleName('Service status: Under maintenance', { timeout: 20_000 });
  await expect(page.getByText(/Under maintenance until (Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2}, \d{2}:\d{2}: Timetable upgrade this morning/)).toBeVisible();
  await page.getByRole('form', { name: 'Maintenance for Timetable' }).getByRole('button', { name: 'End maintenance' }).click();
  await expect(statusButton(page)).toHaveAccessibleName('Service status: Working normally', { timeout: 20_000 });
});
