import { expect, type Locator, type Page } from '@playwright/test';

/** /user/settings/appearance: theme, border and font, with the save status of a change. */
export class AppearanceSettingsPage {
  /** 'Saving…', or 'Saved offline, will sync' while the server is out of reach; empty once saved. */
  readonly saveStatus: Locator;

  constructor(readonly page: Page) {
    this.saveStatus = page.getByRole('main').locator('.save-status[role="status"]');
  }

  async goto(): Promise<void> {
    await this.page.goto('/user/settings/appearance');
    await expect(this.theme('Dark')).toBeVisible();
  }

  theme(name: string): Locator {
    return this.page.getByRole('main').getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name, exact: true });
  }
}
