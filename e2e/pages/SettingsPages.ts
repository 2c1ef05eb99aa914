import { expect, type Locator, type Page } from '@playwright/test';

/** /user/settings: the section list (phones) and the sections. */
export class SettingsPages {
  readonly sectionList: Locator;

  constructor(readonly page: Page) {
    this.sectionList = page.getByRole('main').getByRole('navigation', { name: 'Settings sections' });
  }

  async goto(section = ''): Promise<void> {
    await this.page.goto(section ? `/user/settings/${section}` : '/user/settings');
  }

  async expectSection(title: string, path: RegExp): Promise<void> {
    await expect(this.page).toHaveURL(path);
    await expect(this.page.getByRole('main').getByRole('heading', { level: 1, name: title })).toBeVisible();
  }
}
