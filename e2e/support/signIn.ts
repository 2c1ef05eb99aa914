import type { Page } from '@playwright/test';
import type { PersonaName } from '../fixtures';
import { LandingPage } from '../pages/LandingPage';
import { PersonaPicker } from '../pages/PersonaPicker';

/**
 * Signs in through the real UI on any page: landing page, 'Sign in', then the persona on the
 * server's picker. The `signInAs` fixture does it on the test's own page; a test with a second
 * browser context (the same student on another device) calls it on that context's page.
 */
export async function signInOn(page: Page, userName: PersonaName): Promise<void> {
  const landing = new LandingPage(page);
  await landing.goto();
  await landing.signIn();
  await new PersonaPicker(page).choose(userName);
  await page.waitForURL('**/home');
}
