import { expect, test } from './fixtures';
import { useOwnServer } from './support/ownServer';

useOwnServer(test);

// Issue 12, item 6: opening /api/user/signout from anywhere but the app itself (here: typed into
// the address bar, so the browser sends Sec-Fetch-Site: none) asks before it signs out.

test('a sign-out link opened from outside the app asks first, and signs out on a click', async ({ page, signInAs, homePage, landingPage, expectNoAxeViolations }) => {
  await signInAs('student');
  await homePage.expectGreeting('Amara');

  await page.goto('/api/user/signout');
  await expect(page.getByRole('heading', { name: 'Sign out of Campus Companion?' })).toBeVisible();
  await expectNoAxeViolations();

  // Nothing happened yet: the app still has the student signed in.
  await homePage.goto();
  await homePage.expectGreeting('Amara');

  await page.goto('/api/user/signout');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await landingPage.expectShown();
  await homePage.goto();
  await landingPage.expectShown();
});
