import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { useOwnServer } from './support/ownServer';
import { signInOn } from './support/signIn';
import { LandingPage } from './pages/LandingPage';

useOwnServer(test);

// A shared device: one user's session ends without signing out (it expired, or the browser
// dropped its cookies), and the next person signs in. The first user's local database must go.

const databasePrefix = 'campus-companion:';

/** The names of this origin's IndexedDB databases, as the page sees them. */
async function databaseNames(page: Page): Promise<string[]> {
  return page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name ?? ''));
}

/** How many cached records a user's database holds (0 when it does not exist yet). */
async function cachedRecordCount(page: Page, name: string): Promise<number> {
  return page.evaluate(async (databaseName) => {
    if (!(await indexedDB.databases()).some((database) => database.name === databaseName)) return 0;
    return new Promise<number>((resolve, reject) => {
      const open = indexedDB.open(databaseName);
      open.onerror = () => reject(open.error ?? new Error('open failed'));
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('resources')) {
          db.close();
          resolve(0);
          return;
        }
        const count = db.transaction('resources').objectStore('resources').count();
        count.onsuccess = () => {
          db.close();
          resolve(count.result);
        };
        count.onerror = () => reject(count.error ?? new Error('count failed'));
      };
    });
  }, name);
}

async function signedInUserId(page: Page): Promise<string> {
  const info = (await (await page.request.get('/api/user/info')).json()) as { isSignedIn: boolean; userId?: string };
  expect(info.isSignedIn).toBe(true);
  return String(info.userId);
}

test('signing in as someone else deletes the local data of a user whose session ended without signing out', async ({ page, context, signInAs, landingPage }) => {
  await signInAs('student');
  const studentDatabase = `${databasePrefix}${await signedInUserId(page)}`;
  // The home page fills the student's local cache.
  await expect.poll(() => cachedRecordCount(page, studentDatabase)).toBeGreaterThan(0);

  // The session ends without signing out: the browser no longer sends a session cookie.
  await context.clearCookies();
  await landingPage.goto();
  // Nobody is signed in now; the data waits for its owner, who may come back to unsent work.
  expect(await databaseNames(page)).toContain(studentDatabase);

  await signInAs('student2');
  const student2Database = `${databasePrefix}${await signedInUserId(page)}`;
  expect(student2Database).not.toBe(studentDatabase);

  await expect.poll(() => databaseNames(page)).not.toContain(studentDatabase);
  // The signed-in user's own database is kept, and in use.
  await expect.poll(() => cachedRecordCount(page, student2Database)).toBeGreaterThan(0);
  expect(await databaseNames(page)).toContain(student2Database);
});

// Issue 32, item 3: a lost phone. Signing out of all devices ends every session, and each other
// device deletes what it keeps of the user the next time it reaches the server.

const phone = { width: 390, height: 844 };

/** The user databases this origin holds (not the device-wide ones). */
const userDatabases = async (page: Page): Promise<string[]> => (await databaseNames(page)).filter((name) => name.startsWith(databasePrefix));

/**
 * `contact` reaches the server with a revoked session: the app wipes the device, then leaves
 * through the sign-out endpoint for the landing page (waited for, so nothing races the navigation).
 */
async function expectWipedOnNextContact(page: Page, contact: () => Promise<unknown>): Promise<void> {
  const leaving = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/user/signout');
  await contact();
  await leaving;
  await page.waitForURL('**/landing', { waitUntil: 'load' });
  await new LandingPage(page).expectShown();
  await expect.poll(() => userDatabases(page)).toEqual([]);
}

test('"Sign out of all devices" in Settings signs the user out everywhere, and the phone wipes its copy on its next contact', async ({
  page,
  newContext,
  signInAs,
  landingPage,
  expectNoAxeViolations,
}) => {
  const phoneContext = await newContext({ viewport: phone });
  const phonePage = await phoneContext.newPage();
  await signInOn(phonePage, 'student');
  const studentDatabase = `${databasePrefix}${await signedInUserId(phonePage)}`;
  await expect.poll(() => cachedRecordCount(phonePage, studentDatabase)).toBeGreaterThan(0);

  await signInAs('student');
  await page.goto('/user/settings/privacy');
  const open = page.getByRole('button', { name: 'Sign out of all devices' });
  // Asks first, at desktop and phone widths; Cancel changes nothing.
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Sign out of all devices?' });
  await expect(dialog).toContainText('Each of your other devices deletes its copy of your data the next time it connects.');
  await expectNoAxeViolations();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
  expect((await (await phonePage.request.get('/api/user/info')).json()).isSignedIn).toBe(true);
  await page.setViewportSize(phone);
  await open.click();
  await expectNoAxeViolations();
  await dialog.getByRole('button', { name: 'Sign out of all devices' }).click();
  await landingPage.expectShown();
  await expect.poll(() => userDatabases(page)).toEqual([]);

  // The phone, opened again: signed out, and the student's data is gone from it.
  await expectWipedOnNextContact(phonePage, () => phonePage.goto('/home'));
  await expect.poll(() => userDatabases(phonePage)).toEqual([]);
  expect((await (await phonePage.request.get('/api/user/info')).json()).isSignedIn).toBe(false);
});

test('an administrator ends all sessions of a user from Admin › View as; the user\u2019s device is signed out and wiped', async ({
  page,
  newContext,
  signInAs,
  expectNoAxeViolations,
}) => {
  const studentContext = await newContext({ viewport: phone });
  const studentPage = await studentContext.newPage();
  await signInOn(studentPage, 'student2');
  const database = `${databasePrefix}${await signedInUserId(studentPage)}`;
  await expect.poll(() => cachedRecordCount(studentPage, database)).toBeGreaterThan(0);

  await signInAs('admin');
  await page.goto('/admin/userimpersonation');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'User impersonation' })).toBeVisible();
  const search = main.getByRole('searchbox', { name: 'Find a user' });
  await search.fill('student2');
  await expect(search).toHaveValue('student2');
  await main.getByRole('radio', { name: /Liam Chen/ }).check();
  const open = page.getByRole('button', { name: /^End all sessions of / });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'End all sessions?' });
  await expect(dialog).toContainText('is signed out on every device');
  await expectNoAxeViolations();
  await dialog.getByRole('button', { name: 'End all sessions' }).click();
  await expect(dialog).toBeHidden();
  // student2 is signed in here and, from the first test of this file, in another browser too.
  await expect(page.getByRole('status').filter({ hasText: /^Ended \d+ sessions? of Liam Chen\. Each of their devices deletes/ })).toBeVisible();
  await page.setViewportSize(phone);
  await expectNoAxeViolations();

  // The student's next contact wipes the device.
  await expectWipedOnNextContact(studentPage, () => studentPage.reload());
});
