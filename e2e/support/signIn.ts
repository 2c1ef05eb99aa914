import type { Page } from '@playwright/test';
import type { PersonaName } from '../fixtures';
import { LandingPage } from '../pages/LandingPage';
import { PersonaPicker } from '../pages/PersonaPicker';

/**
 * Signs in on any page (e.g. one in a second browser context), as the `signInAs` fixture does on
 * the test's own page: landing page, 'Sign in', then the persona on the server's picker.
 */
export async function signInOn(page: Page, userName: PersonaName): Promise<void> {
  const landing = new LandingPage(page);
  await landing.goto();
  await landing.signIn();
  await new PersonaPicker(page).choose(userName);
  await page.waitForURL('**/home');
}
