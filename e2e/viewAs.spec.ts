import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { AppearanceSettingsPage } from './pages/AppearanceSettingsPage';
import { AttendancePages } from './pages/AttendancePages';
import { NotificationsPage } from './pages/NotificationsPage';
import { ResourcesPage } from './pages/ResourcesPage';
import { TimetablePage } from './pages/TimetablePage';
import { useOwnServer } from './support/ownServer';
import { signInOn } from './support/signIn';

// Issue 17: an administrator's read-only "view as". Its own server, so the audit log holds only
// this test's session and the student's classes are unregistered.
useOwnServer(test);

const viewedName = 'Amara Okafor';
const reason = 'Helping Amara find her timetable (ticket 4711)';
const refusal = `Read only: you are viewing as ${viewedName}. Stop viewing to make changes.`;

const main = (page: Page) => page.getByRole('main');
const banner = (page: Page) => page.getByRole('region', { name: 'View as' });
const toasts = (page: Page) => page.getByRole('region', { name: 'Messages' });

/** The banner is on screen, word for word, with a ticking mm:ss. */
async function expectBanner(page: Page): Promise<void> {
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).getByText(new RegExp(`^Viewing as ${viewedName} — read only — \\d{2}:\\d{2} left$`))).toBeVisible();
  await expect(banner(page).getByRole('button', { name: 'Stop viewing' })).toBeVisible();
  const top = await banner(page).evaluate((element) => element.getBoundingClientRect().top);
  expect(top).toBe(0);
}

/** Each refusal shows the server's own message. */
async function expectRefusal(page: Page, press: Locator): Promise<void> {
  await press.click();
  await expect(toasts(page).getByText(refusal).first()).toBeVisible();
}

/** The names of this origin's IndexedDB databases. */
function databaseNames(page: Page): Promise<string[]> {
  return page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name ?? ''));
}

/** The keys of the cached resources in one (existing) database. */
function resourceKeys(page: Page, name: string): Promise<string[]> {
  return page.evaluate(
    (databaseName) =>
      new Promise<string[]>((resolve, reject) => {
        const request = indexedDB.open(databaseName);
        request.onerror = () => reject(request.error ?? new Error('open failed'));
        request.onsuccess = () => {
          const db = request.result;
          const keys = db.transaction('resources').objectStore('resources').getAllKeys();
          keys.onsuccess = () => {
            db.close();
            resolve(keys.result.map(String));
          };
          keys.onerror = () => reject(keys.error ?? new Error('read failed'));
        };
      }),
    name,
  );
}

test('an administrator views as a student, read only, with the banner on every page; stop brings their own data back; the audit log shows it all', async ({
  page,
  newContext,
  signInAs,
  expectNoAxeViolations,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 860 });
  await signInAs('admin');

  // The administrator's own data on this device, before viewing.
  const admin = (await (await page.request.get('/api/user/info')).json()) as { userId: string };
  const adminDatabase = `campus-companion:${admin.userId}`;
  await expect.poll(async () => ((await databaseNames(page)).includes(adminDatabase) ? resourceKeys(page, adminDatabase) : [])).toContain('profile');
  const adminKeys = await resourceKeys(page, adminDatabase);

  // Find users: an administrator is listed but cannot be chosen, and says why.
  await page.goto('/admin/userimpersonation');
  await expect(main(page).getByRole('heading', { level: 1, name: 'User impersonation' })).toBeVisible();
  const search = main(page).getByRole('searchbox', { name: 'Find a user' });
  await search.fill('Taylor');
  const samTaylor = main(page).getByRole('radio', { name: /Sam Taylor/ });
  await expect(samTaylor).toBeDisabled();
  await expect(main(page).getByText('Administrators cannot be viewed as.')).toBeVisible();
  await search.fill('S2400001');
  const amara = main(page).getByRole('radio', { name: new RegExp(viewedName) });
  await amara.check();
  await expect(main(page).getByText('0 of 500 characters', { exact: false })).toBeVisible();

  // No reason: the SPEC §8 error shows beside the field.
  await main(page).getByRole('button', { name: `Start viewing as ${viewedName}` }).click();
  const reasonField = main(page).getByRole('textbox', { name: 'Reason (required)' });
  await expect(reasonField).toHaveAttribute('aria-invalid', 'true');
  await expect(main(page).getByText('Give a reason', { exact: true })).toBeVisible();
  await expectNoAxeViolations();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations();
  await page.setViewportSize({ width: 1280, height: 860 });

  await reasonField.fill(reason);
  await expect(main(page).getByText(`${reason.length} of 500 characters`, { exact: false })).toBeVisible();
  await main(page).getByRole('button', { name: `Start viewing as ${viewedName}` }).click();

  // The student's home, with the banner.
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Amara' })).toBeVisible();
  await expectBanner(page);
  await expectNoAxeViolations();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectBanner(page);
  await expectNoAxeViolations();
  await page.setViewportSize({ width: 1280, height: 860 });

  // The viewed user's data goes to a temporary database; the administrator's is left alone.
  const viewAsDatabase = `campus-companion-viewas:`;
  await expect.poll(async () => (await databaseNames(page)).some((name) => name.startsWith(viewAsDatabase))).toBe(true);

  // The timetable (administrators have none of their own) and registering attendance.
  const timetable = new TimetablePage(page);
  await timetable.goto();
  await expectBanner(page);
  await expect(timetable.events.first()).toBeVisible();
  await expectRefusal(page, timetable.registerButtons.first());

  // Attendance and absences: the student's figures; requesting an absence is off, and says why.
  const attendance = new AttendancePages(page);
  await attendance.gotoCurrent();
  await expectBanner(page);
  await expect(attendance.percentage).toBeVisible();
  await expect(attendance.absencesTable()).toBeVisible();
  await expect(attendance.requestAbsenceButton()).toBeDisabled();
  await expect(main(page).getByText(`Read only while viewing as ${viewedName}.`)).toBeVisible();

  // A favourite, a notification marked as read, a settings change: each refused by the server.
  const resources = new ResourcesPage(page);
  await resources.goto();
  await expectBanner(page);
  await expectRefusal(page, resources.toggle('Referencing guide'));
  await expect(resources.toggle('Referencing guide')).toHaveAttribute('aria-pressed', 'false');

  const notifications = new NotificationsPage(page);
  await notifications.goto();
  await expectBanner(page);
  await expectRefusal(page, notifications.markAsRead('Library opening hours'));

  const appearance = new AppearanceSettingsPage(page);
  await appearance.goto();
  await expectBanner(page);
  await expectRefusal(page, appearance.theme('Dark'));
  // Refused, so not shown either: the page keeps the student's look.
  await expect(appearance.theme('Dark')).not.toBeChecked();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', 'dark');

  // Nothing is waiting to be sent: no outbox entry anywhere.
  const viewAsNames = (await databaseNames(page)).filter((name) => name.startsWith(viewAsDatabase));
  expect(viewAsNames).toHaveLength(1);

  // Stop: the administrator's own home, with their own data intact, and the temporary data gone.
  await banner(page).getByRole('button', { name: 'Stop viewing' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Sam' })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  await expect.poll(async () => (await databaseNames(page)).filter((name) => name.startsWith(viewAsDatabase))).toEqual([]);
  expect(await resourceKeys(page, adminDatabase)).toEqual(expect.arrayContaining(adminKeys));

  // The audit log: the session, its reason and ending, and its requests, refused writes among them.
  await page.goto('/admin/audit');
  const sessions = main(page).getByRole('region', { name: 'View-as sessions' });
  const session = sessions.getByRole('article', { name: `Sam Taylor (admin) viewed as ${viewedName} (student)` });
  await expect(session).toBeVisible();
  await expect(session.getByText(reason)).toBeVisible();
  await expect(session.getByText('(Stopped by the administrator)')).toBeVisible();
  await session.getByText(/\d+ requests, \d+ refused/).click();
  await expect(session.getByRole('cell', { name: 'Refused (read only)' }).first()).toBeVisible();
  await expect(session.getByRole('cell', { name: /GET \/api\/timetable/ }).first()).toBeVisible();
  await expectNoAxeViolations();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations();

  // The student sees that an administrator viewed their account, and why.
  const studentContext = await newContext();
  const studentPage = await studentContext.newPage();
  await signInOn(studentPage, 'student');
  await studentPage.goto('/user/profile');
  await expect(studentPage.getByText(new RegExp(`^An administrator viewed your account on \\d{2}/\\d{2}/\\d{4}: ${reason.replace(/[()]/g, '\\$&')}$`))).toBeVisible();
  await studentContext.close();
});
