import { expect, type Locator, type Page } from '@playwright/test';

/** The signed-out landing page (/landing). */
export class LandingPage {
  readonly heading: Locator;
  readonly signInLink: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Your university day, in your pocket' });
    this.signInLink = page.getByRole('link', { name: 'Sign in', exact: true });
  }

  async goto(): Promise<void> {
    await this.page.goto('/landing');
    await this.expectShown();
  }

  async expectShown(): Promise<void> {
    await expect(this.page).toHaveURL(/\/landing$/);
    await expect(this.heading).toBeVisible();
  }

  /** A full page navigation to the server's sign-in page. */
  async signIn(): Promise<void> {
    await this.signInLink.click();
    await this.page.waitForURL('**/api/user/signin**');
  }
}
