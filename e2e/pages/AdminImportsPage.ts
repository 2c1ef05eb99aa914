import type { Locator, Page } from '@playwright/test';

/** Admin → Data import (/admin/imports and /admin/imports/:rowId). */
export class AdminImportsPage {
  readonly main: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
  }

  /** Opens the page from the admin area's tab row, as an administrator would. */
  async openFromAdminTabs(): Promise<void> {
    await this.page.goto('/admin');
    await this.page.getByRole('navigation', { name: 'Admin pages' }).getByRole('link', { name: 'Data import' }).click();
  }

  /** Opens the page from the tab row and sends `bundlePath` to be checked, as an administrator does. */
  async uploadFromAdminTabs(bundlePath: string): Promise<void> {
    await this.openFromAdminTabs();
    await this.fileInput().setInputFiles(bundlePath);
    await this.uploadButton().click();
  }

  heading(): Locator {
    return this.main.getByRole('heading', { level: 1, name: 'Data import' });
  }

  /** The bundle's file input (visually hidden; its visible label looks like a button). */
  fileInput(): Locator {
    return this.main.locator('input[type="file"]');
  }

  thresholdField(): Locator {
    return this.main.getByRole('spinbutton', { name: 'Deactivation threshold (%)' });
  }

  uploadButton(): Locator {
    return this.main.getByRole('button', { name: 'Upload and check' });
  }

  uploadProgress(): Locator {
    return this.main.getByRole('progressbar', { name: /^(Uploading|Sent)/ });
  }

  report(): Locator {
    return this.main.getByRole('region', { name: 'Import report' });
  }

  reportHeading(): Locator {
    return this.report().getByRole('heading', { level: 2, name: 'Import report' });
  }

  /** The report's state badge line, e.g. 'State: Ready to apply'. */
  state(): Locator {
    return this.report().getByText(/^State:/);
  }

  /** The four counts (Create, Update, Deactivate, Unchanged) of one kind of record. */
  countsOf(records: string): Locator {
    return this.report().getByRole('table', { name: 'Changes per kind of record' }).getByRole('row', { name: new RegExp(`^${records.replace(/[()]/g, '\\$&')}`) }).getByRole('cell');
  }

  historyRows(): Locator {
    return this.main.getByRole('table', { name: 'Import history' }).locator('tbody tr');
  }

  dialog(name: string): Locator {
    return this.page.getByRole('dialog', { name });
  }
}
