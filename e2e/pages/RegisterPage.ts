import { expect, type Locator, type Page } from '@playwright/test';

/** /timetable/register/:eventRowId: a lecturer's register of one class, with move and cancel. */
export class RegisterPage {
  readonly heading: Locator;
  readonly status: Locator;
  readonly students: Locator;
  readonly closeNow: Locator;
  readonly newDate: Locator;
  readonly newTime: Locator;
  readonly room: Locator;
  readonly moveClass: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Class register' });
    this.status = page.locator('.register__status [role="status"]');
    this.students = page.getByRole('table');
    this.closeNow = page.getByRole('button', { name: 'Close register now' });
    this.newDate = page.getByLabel('New date');
    this.newTime = page.getByLabel('New start time');
    this.room = page.getByLabel('Room');
    this.moveClass = page.getByRole('button', { name: 'Move class' });
  }

  async goto(eventRowId: number): Promise<void> {
    await this.page.goto(`/timetable/register/${eventRowId}`);
    await expect(this.heading).toBeVisible();
  }

  /** A student's row, by their display name. */
  row(displayName: string): Locator {
    return this.students.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: new RegExp(`^${displayName}`) }) });
  }
}
