import { expect, type Page } from '@playwright/test';

/** The shared 404 and 401 pages (SPEC §2). */
export class ErrorPages {
  constructor(readonly page: Page) {}

  async expectNotFound(): Promise<void> {
    await expect(this.page.getByRole('heading', { level: 1, name: '404 - Not Found' })).toBeVisible();
    await expect(this.page).toHaveTitle('Not Found | Campus Companion');
  }

  async expectUnauthorized(): Promise<void> {
    await expect(this.page).toHaveURL(/\/unauthorized$/);
    await expect(this.page.getByRole('heading', { level: 1, name: '401 - Unauthorized' })).toBeVisible();
    await expect(this.page.getByText('Wait a minute, wisdom seeker! This path is not in your journey.')).toBeVisible();
    await expect(this.page).toHaveTitle('Unauthorized | Campus Companion');
  }
}
