import type { Page } from '@playwright/test';
import type { PersonaName } from '../fixtures';
import { LandingPage } from '../pages/LandingPage';
import { PersonaPicker } from '../pages/PersonaPicker';
import { answerFirstRunBanners } from './firstRun';

/**
 * Signs in through the real UI on any page: landing page, 'Sign in', then the persona on the
 * server's picker. The `signInAs` fixture does it on the test's own page; a test with a second
 * browser context (the same student on another device) calls it on that context's page.
 * `isFirstRun` leaves the first-run banners unanswered (consent, tour prompt, install).
 */
export async function signInOn(page: Page, userName: PersonaName, { isFirstRun = false }: { readonly isFirstRun?: boolean } = {}): Promise<void> {
  const landing = new LandingPage(page);
  await landing.goto();
  // Unless the test is about them, the first-run banners have been answered (e2e/support/firstRun.ts).
  if (!isFirstRun) await answerFirstRunBanners(page, userName);
  await landing.signIn();
  await new PersonaPicker(page).choose(userName);
  await page.waitForURL('**/home');
}
