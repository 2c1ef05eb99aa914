import { expect, type Locator, type Page } from '@playwright/test';

/** The signed-in overview (/home). */
export class HomePage {
  readonly signOutLink: Locator;

  constructor(readonly page: Page) {
    this.signOutLink = page.getByRole('link', { name: 'Sign out' });
  }

  /** The greeting heading, 'Welcome, {first name}'. */
  greeting(firstName: string): Locator {
    return this.page.getByRole('heading', { level: 1, name: `Welcome, ${firstName}` });
  }

  async goto(): Promise<void> {
    await this.page.goto('/home');
  }

  async expectGreeting(firstName: string): Promise<void> {
    await expect(this.page).toHaveURL(/\/home$/);
    await expect(this.greeting(firstName)).toBeVisible();
  }
}
