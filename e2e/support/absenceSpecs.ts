import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import type { TimetableEntry } from '../../src/shared/contract/timetable';
import { AbsenceDialog } from '../pages/AbsenceDialog';
import { AttendancePages } from '../pages/AttendancePages';
import { pageTime } from './clock';

// What the absence specs share: London's date, wall-clock arithmetic, the API's JSON, the class an
// absence can cut through, and opening and closing the request's dialogs.

/** London's date at `ms` (a page's or the server's time), 'YYYY-MM-DD'. */
export function londonDay(ms: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(ms);
}

/** Today in London on the page's clock (which is the server's), 'YYYY-MM-DD'. */
export async function londonToday(page: Page): Promise<string> {
  return londonDay(await pageTime(page));
}

/** A 'YYYY-MM-DD' date `days` later. */
export function addDays(isoDate: string, days: number): string {
  const [y = 0, m = 1, d = 1] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The wall clock `minutes` after a 'YYYY-MM-DDTHH:mm:ss' wall clock. */
export function wallClockAfter(wallClock: string, minutes: number): string {
  const [date = '', time = ''] = wallClock.split('T');
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const [h = 0, min = 0] = time.split(':').map(Number);
  return new Date(Date.UTC(y, m - 1, d, h, min + minutes)).toISOString().slice(0, 19);
}

/** A GET through the page's session that must answer 200: its JSON. */
export async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** An upcoming, not cancelled class of at least 30 minutes that overlaps no other class. */
export function classToCutThrough(entries: readonly TimetableEntry[], today: string, maximumDay: string): TimetableEntry | undefined {
  const tomorrow = addDays(today, 1);
  const spans = entries.map((entry) => ({ entry, from: Date.parse(entry.startTime), to: Date.parse(entry.startTime) + entry.duration * 60_000 }));
  return spans.find(({ entry, from, to }) => {
    const day = entry.startTime.slice(0, 10);
    if (entry.isCancelled || entry.duration < 30 || day < tomorrow || day > maximumDay) return false;
    return !spans.some((other) => other.entry !== entry && other.from < to && from < other.to);
  })?.entry;
}

/** Opens "Request an absence" from this year's attendance page. */
export async function openAbsenceDialog(page: Page): Promise<AbsenceDialog> {
  await new AttendancePages(page).gotoCurrent();
  await page.getByRole('button', { name: 'Request an absence' }).click();
  const absence = new AbsenceDialog(page);
  await expect(absence.dialog).toBeVisible();
  return absence;
}

/** The title of the dialog that creates a request. */
export const createTitle = 'Request an absence';

/** Opens "Request an absence" on the attendance page already shown, once its form can be used. */
export async function openCreateDialog(page: Page): Promise<AbsenceDialog> {
  await new AttendancePages(page).requestAbsenceButton().click();
  const dialog = new AbsenceDialog(page, createTitle);
  await expect(dialog.dialog).toBeVisible();
  await expect(dialog.reason).toBeEnabled();
  return dialog;
}

/**
 * In the open create dialog: an all-day Illness request on `day` ('YYYY-MM-DD') with `files` as its
 * evidence, submitted; resolves once the success dialog shows.
 */
export async function submitAllDayIllness(page: Page, create: AbsenceDialog, day: string, files: { name: string; mimeType: string; buffer: Buffer }[]): Promise<void> {
  await create.allDay.check();
  await create.setDate(create.startDate, day);
  await create.setDate(create.endDate, day);
  await create.chooseReason('Illness');
  await create.addFiles(files);
  await create.submitButton().click();
  await expect(page.getByRole('dialog', { name: 'Absence Request Submitted Successfully' })).toBeVisible();
}

/** Closes the dialog titled `title` (a success dialog) with its Close button. */
export async function closeSuccess(page: Page, title: string): Promise<void> {
  const success = page.getByRole('dialog', { name: title });
  await expect(success).toBeVisible();
  await success.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(success).toBeHidden();
}
