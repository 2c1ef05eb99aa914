import { expect, type Locator, type Page } from '@playwright/test';

/** /user/settings/notifications: this device's push subscription and its types. */
export class NotificationSettingsPage {
  readonly section: Locator;
  readonly state: Locator;
  readonly enable: Locator;
  readonly update: Locator;
  readonly unsubscribe: Locator;

  constructor(readonly page: Page) {
    this.section = page.getByRole('main').getByRole('region', { name: 'This device' });
    this.state = this.section.getByRole('status');
    this.enable = this.section.getByRole('button', { name: 'Enable on this device' });
    this.update = this.section.getByRole('button', { name: 'Update types' });
    this.unsubscribe = this.section.getByRole('button', { name: 'Unsubscribe' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/user/settings/notifications');
    await expect(this.page.getByRole('main').getByRole('heading', { level: 1, name: 'Notification settings' })).toBeVisible();
  }

  type(name: string): Locator {
    return this.section.getByRole('group', { name: 'Notification types' }).getByRole('checkbox', { name, exact: true });
  }

  /** The toast that reports an outcome (SPEC §8 text). */
  toast(text: string): Locator {
    return this.page.getByText(text, { exact: true });
  }
}
