import { expect, type Locator, type Page } from '@playwright/test';
import { fillDateAndTime } from '../support/dateTimeFields';

/** /timetable/register/:eventRowId: a lecturer's register of one class, with move and cancel. */
export class RegisterPage {
  readonly heading: Locator;
  readonly status: Locator;
  readonly students: Locator;
  readonly closeNow: Locator;
  readonly newDate: Locator;
  readonly newTime: Locator;
  readonly room: Locator;
  readonly reason: Locator;
  readonly moveClass: Locator;
  readonly history: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Class register' });
    this.status = page.locator('.register__status [role="status"]');
    this.students = page.getByRole('table');
    this.closeNow = page.getByRole('button', { name: 'Close register now' });
    this.newDate = page.getByLabel('New date', { exact: true });
    this.newTime = page.getByLabel('New start time', { exact: true });
    this.room = page.getByLabel('Room', { exact: true });
    this.reason = page.getByLabel('Reason (optional, told to the students)');
    this.moveClass = page.getByRole('button', { name: 'Move class' });
    this.history = page.getByRole('region', { name: 'Register history' });
  }

  async goto(eventRowId: number): Promise<void> {
    await this.page.goto(`/timetable/register/${eventRowId}`);
    await expect(this.heading).toBeVisible();
  }

  /**
   * Types a new date (YYYY-MM-DD) and start time (HH:mm) into the app's own fields and leaves each:
   * DD/MM/YYYY on wide screens, the native inputs' own format on phones.
   */
  async setNewStart(isoDate: string, time: string): Promise<void> {
    await fillDateAndTime(this.newDate, this.newTime, isoDate, time);
  }

  /** A student's row, by their display name. */
  row(displayName: string): Locator {
    return this.students.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: new RegExp(`^${displayName}`) }) });
  }
}
