import { expect, test } from './fixtures';
import { useOwnServer } from './support/ownServer';
import { signInOn } from './support/signIn';

useOwnServer(test);

test.describe('signing in', () => {
  test('an anonymous visitor lands on the landing page, signs in as a student and is greeted', async ({
    page,
    landingPage,
    homePage,
  }) => {
    await page.goto('/');
    await landingPage.expectShown();
    await expect(page).toHaveTitle('Welcome | Campus Companion');

    await signInOn(page, 'student', { throughPicker: true });

    await homePage.expectGreeting('Amara');
    await expect(page).toHaveTitle('Home | Campus Companion');
  });

  test('a signed-in user opening / or /landing is sent home', async ({ page, homePage, signInAs }) => {
    await signInAs('student');

    await page.goto('/');
    await homePage.expectGreeting('Amara');
    await page.goto('/landing');
    await homePage.expectGreeting('Amara');
  });

  test('an anonymous visitor opening /home is sent to the landing page', async ({ landingPage, homePage }) => {
    await homePage.goto();
    await landingPage.expectShown();
  });

  test('signing out returns to the landing page', async ({ landingPage, homePage, signInAs }) => {
    await signInAs('student');
    await homePage.signOutLink.click();
    await landingPage.expectShown();
    await homePage.goto();
    await landingPage.expectShown();
  });
});

test.describe('accessibility', () => {
  test('the landing page has no axe violations', async ({ landingPage, expectNoAxeViolations }) => {
    await landingPage.goto();
    await expectNoAxeViolations();
  });

  test('the home page has no axe violations', async ({ homePage, signInAs, expectNoAxeViolations }) => {
    await signInAs('student');
    await homePage.expectGreeting('Amara');
    await expectNoAxeViolations();
  });
});

test.describe('not found', () => {
  test('an unknown path shows the 404 page, whose button goes home', async ({ page, landingPage }) => {
    await page.goto('/nowhere');

    await expect(page.getByRole('heading', { level: 1, name: '404 - Not Found' })).toBeVisible();
    await expect(page.getByText('Oh no, Scholar! This page has graduated and left the campus.')).toBeVisible();
    await expect(
      page.getByText("Let's navigate you back to your journey! After all, learning never pauses, let's press play!"),
    ).toBeVisible();

    // Home needs sign-in, so an anonymous visitor ends on the landing page.
    await page.getByRole('button', { name: 'Back to Home' }).click();
    await landingPage.expectShown();
  });

  test('the 404 page has no axe violations', async ({ page, expectNoAxeViolations }) => {
    await page.goto('/nowhere');
    await expect(page.getByRole('heading', { name: '404 - Not Found' })).toBeVisible();
    await expectNoAxeViolations();
  });
});
