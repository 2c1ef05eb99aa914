import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { useOwnServer } from './support/ownServer';

// SPEC §4 session against a server whose sessions last 6 minutes: a check that finds 300 s or
// less left warns. The page's clock is faked, so minutes pass at once.
useOwnServer(test, { env: { SESSION_IDLE_MINUTES: '6' } });

const warningDialog = (page: Page) => page.getByRole('alertdialog', { name: 'Your session is about to end' });
const signingOutDialog = (page: Page) => page.getByRole('dialog', { name: 'Signing you out' });

/**
 * Moves the clock on a minute (one session check) at a time until the warning shows. Every
 * successful API call slides the session (SPEC §4), so the app's own start-up calls can put the
 * first warning off by a check.
 */
async function fastForwardToWarning(page: Page): Promise<void> {
  await expect(async () => {
    await page.clock.fastForward('01:00');
    await expect(warningDialog(page)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

test.beforeEach(async ({ context, baseURL, signInAs, homePage }) => {
  // Kept on sign-out (SPEC §3), and a cookie that is not.
  await context.addCookies([
    { name: 'AnalyticsConsent', value: 'granted', url: baseURL },
    { name: 'ShowTourPrompt', value: 'true', url: baseURL },
  ]);
  await signInAs('student');
  await homePage.expectGreeting('Amara');
});

test('the warning counts down, and Continue Session extends the session', async ({ page, expectNoAxeViolations }) => {
  await fastForwardToWarning(page);

  const dialog = warningDialog(page);
  await expect(dialog).toContainText('Your session will end in');
  await expect(dialog.getByRole('timer')).toHaveText(/^[45]:\d\d$/);
  await expect(dialog.getByRole('button', { name: 'Continue Session' })).toBeFocused();
  await expect(dialog.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expectNoAxeViolations();

  const refetch = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/user/info');
  await dialog.getByRole('button', { name: 'Continue Session' }).click();
  expect((await refetch).ok()).toBe(true);
  await expect(dialog).toBeHidden();

  // Extended to a fresh 6 minutes: the next warning starts from 5:00 again. Without the
  // extension, the next check would find 4:00 or less.
  await fastForwardToWarning(page);
  await expect(dialog.getByRole('timer')).toHaveText(/^(5:00|4:5\d)$/);
});

test.describe('when the server fails', () => {
  // Routes only see the page's requests when no service worker handles them first.
  test.use({ serviceWorkers: 'block' });

  test('a Continue Session that fails keeps the warning and says why', async ({ page }) => {
    await fastForwardToWarning(page);
    await page.route('**/api/user/info', (route) => route.fulfill({ status: 503, body: '' }));

    const dialog = warningDialog(page);
    await dialog.getByRole('button', { name: 'Continue Session' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(/^Error getting User\. Code 503/);
    await expect(dialog.getByRole('button', { name: 'Continue Session' })).toBeEnabled();
  });
});

test('letting the time run out signs the user out to the landing page', async ({
  page,
  context,
  baseURL,
  landingPage,
  homePage,
  expectNoAxeViolations,
}) => {
  await fastForwardToWarning(page);

  // Jump to the end and stop the clock there, to look at the sign-out mode before it leaves.
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 5 * 60_000);
  const dialog = signingOutDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Signing you out' })).toBeVisible();
  await expect(dialog.getByRole('progressbar', { name: 'Signing you out' })).toBeVisible();
  await expect(warningDialog(page)).toBeHidden();
  await expectNoAxeViolations(page, { isClockPaused: true });

  const signOut = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/user/signout');
  await page.clock.resume();
  await page.clock.fastForward('00:02');
  expect(new URL((await signOut).url()).search).toBe('');
  // Cleared before leaving, except the cookies that survive sign-out.
  const cookies = (await context.cookies(baseURL)).map((cookie) => cookie.name);
  expect(cookies).toContain('AnalyticsConsent');
  expect(cookies).not.toContain('ShowTourPrompt');
  await landingPage.expectShown();

  await homePage.goto();
  await landingPage.expectShown();
});

test("'Sign Out' signs out with the identity provider flag", async ({ page, landingPage }) => {
  await fastForwardToWarning(page);
  const signOut = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/user/signout');
  await warningDialog(page).getByRole('button', { name: 'Sign Out' }).click();
  await expect(signingOutDialog(page)).toBeVisible();

  await page.clock.fastForward('00:02');
  expect(new URL((await signOut).url()).searchParams.get('entra')).toBe('true');
  await landingPage.expectShown();
});
