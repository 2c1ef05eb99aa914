import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { useOwnServer } from './support/ownServer';

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
