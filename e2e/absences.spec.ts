import type { APIRequestContext } from '@playwright/test';
import type { AbsenceConfig, AbsenceRequest } from '../src/shared/contract/absences';
import type { Timetable } from '../src/shared/contract/timetable';
import { expect, test } from './fixtures';
import { addDays, classToCutThrough, closeSuccess, createTitle, getJson, londonToday, openCreateDialog, wallClockAfter } from './support/absenceSpecs';
import { AbsenceDialog } from './pages/AbsenceDialog';
import { AttendancePages } from './pages/AttendancePages';
import { useOwnServer } from './support/ownServer';
import { waitForServiceWorkerControl } from './support/serviceWorker';

// The service worker runs here, as it does for every user (the suite blocks it elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const editTitle = 'Absence request';
const submittedTitle = 'Absence Request Submitted Successfully';
const updatedTitle = 'Absence Request Updated Successfully';
const withdrawnTitle = 'Absence Request Withdrawn Successfully';
const notFullyEnrolled =
  'This is because you are not fully enrolled. Please check your profile in the top right for more information.';

/** A small but real PDF: the server decides the type from these bytes, not from the name. */
function pdfFile(name: string): { name: string; mimeType: string; buffer: Buffer } {
  const body = `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`;
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(body, 'latin1') };
}

/** 'YYYY-MM-DD' as the table's DD/MM/YY. */
function shortDate(isoDate: string): string {
  const [y = '', m = '', d = ''] = isoDate.split('-');
  return `${d}/${m}/${y.slice(2)}`;
}

const fetchConfig = (request: APIRequestContext) => getJson<AbsenceConfig>(request, '/api/attendance/absences/config');
const fetchRequests = (request: APIRequestContext) => getJson<AbsenceRequest[]>(request, '/api/attendance/absences/requests');

/**
 * A day `offset` days ahead that the limits allow as an all-day absence's last day: before the
 * maximum, since the request then ends at the midnight after it (SPEC §5: before the day after the maximum).
 */
function allowedDay(config: AbsenceConfig, today: string, offset: number): string {
  const lastAllowed = addDays(config.dateLimits.maximum.slice(0, 10), -1);
  const day = addDays(today, offset);
  return day < lastAllowed ? day : lastAllowed;
}

/** The one request in `after` that was not in `before` and starts on `startDay`. */
function newRequest(before: readonly AbsenceRequest[], after: readonly AbsenceRequest[], startDay: string): AbsenceRequest | undefined {
  const known = new Set(before.map((request) => request.rowId));
  return after.find((request) => !known.has(request.rowId) && request.absenceStart.startsWith(startDay));
}

test.describe('absence requests on the demo server', () => {
  useOwnServer(test);
  test.describe.configure({ timeout: 90_000 });

  test('`student` creates an all-day request with a PDF, edits it to add a file, and withdraws it', async ({ page, signInAs, expectNoAxeViolations }) => {
    await signInAs('student');
    const attendance = new AttendancePages(page);
    await attendance.gotoCurrent();
    await expect(attendance.absencesTable()).toBeVisible();
    const config = await fetchConfig(page.request);
    const before = await fetchRequests(page.request);
    const day = allowedDay(config, await londonToday(page), 12);

    const dialog = await openCreateDialog(page);
    await expectNoAxeViolations();
    // Nothing filled in: the red box lists each field's SPEC §5 message.
    await dialog.submitButton().click();
    await expect(dialog.errorBox()).toContainText('Start date: Start date is required');
    await expect(dialog.errorBox()).toContainText('Reason: Please select an absence category');
    await expect(dialog.errorBox()).toBeFocused();
    // A typed date the field refuses: the box gives the field's reason, not that it is missing.
    await dialog.startDate.fill('99/99/2026');
    await dialog.startDate.press('Tab');
    await expect(dialog.dialog.getByText('Enter a real date as DD/MM/YYYY.', { exact: true })).toBeVisible();
    await dialog.submitButton().click();
    await expect(dialog.errorBox()).toContainText('Start date: Enter a real date as DD/MM/YYYY.');
    await expect(dialog.errorBox()).not.toContainText('Start date is required');
    await dialog.allDay.check();
    await expect(dialog.startTime).toHaveCount(0);
    await dialog.setDate(dialog.startDate, day);
    await dialog.setDate(dialog.endDate, day);
    await dialog.chooseReason('Illness');
    await expect(dialog.dialog.getByText('Please upload a fit note or other medical evidence.')).toBeVisible();
    await dialog.addFiles([pdfFile('sick-note.pdf')]);
    await expect(dialog.fileList()).toContainText('sick-note.pdf');
    await expect(dialog.errorBox()).toHaveCount(0); // each field's errors went as it was filled in
    await dialog.submitButton().click();
    await closeSuccess(page, submittedTitle);
    // The form that was opened is gone: focus goes back to the button that opened it.
    await expect(attendance.requestAbsenceButton()).toBeFocused();

    const created = newRequest(before, await fetchRequests(page.request), day);
    expect(created, 'the server stored the new request').toBeDefined();
    if (!created) return;
    // SPEC §4 all-day: midnight to midnight of the next day.
    expect(created.absenceStart.slice(0, 19)).toBe(`${day}T00:00:00`);
    expect(created.absenceEnd.slice(0, 19)).toBe(`${addDays(day, 1)}T00:00:00`);
    expect(created.supportingFiles.map((file) => file.fileName)).toEqual(['sick-note.pdf']);
    const row = attendance.absenceRow(created.rowId);
    await expect(row).toContainText(shortDate(day));
    await expect(row).toContainText('Pending');
    // Impact in words beside its symbol, the reason for screen readers (issue 34 §4).
    await expect(row.locator('.absence-impact__label')).toHaveText('Authorised');
    await expect(row.getByText('Illness is an authorised absence', { exact: false })).toBeAttached();

    // Edit: the all-day request shows its last day as the end (SPEC §4); add a second file.
    await attendance.openAbsence(created.rowId);
    const edit = new AbsenceDialog(page, editTitle);
    await expect(edit.dialog).toBeVisible();
    await expect(edit.allDay).toBeChecked();
    const [y, m, d] = day.split('-');
    await expect(edit.endDate).toHaveValue(`${d}/${m}/${y}`);
    await expect(edit.fileList().getByRole('link', { name: 'sick-note.pdf' })).toBeVisible();
    await expectNoAxeViolations();
    await edit.addFiles([pdfFile('gp-letter.pdf')]);
    await edit.submitButton().click();
    await closeSuccess(page, updatedTitle);
    const updated = (await fetchRequests(page.request)).find((request) => request.rowId === created.rowId);
    expect(updated?.supportingFiles.map((file) => file.fileName).sort()).toEqual(['gp-letter.pdf', 'sick-note.pdf']);

    // Withdraw: the confirmation tab, then the success dialog; the table shows it cancelled.
    await attendance.openAbsence(created.rowId);
    await expect(edit.dialog).toBeVisible();
    await edit.withdrawButton().click();
    await expect(edit.withdrawConfirmation()).toBeVisible();
    // The pressed button went with the form: the focus moves to the confirmation, and back on Cancel.
    await expect(edit.withdrawConfirmation()).toBeFocused();
    await edit.dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(edit.withdrawButton()).toBeFocused();
    await edit.withdrawButton().click();
    await expect(edit.dialog.getByText('Are you sure you want to cancel this absence request?')).toBeVisible();
    await edit.withdrawButton().click();
    await closeSuccess(page, withdrawnTitle);
    await expect(row).toContainText('Cancelled');
    const withdrawn = (await fetchRequests(page.request)).find((request) => request.rowId === created.rowId);
    expect(withdrawn?.absenceStatus).toBe('Cancelled');
  });

  test('`student` sees the clash warning for a range that cuts through a class, and not once it no longer does', async ({ page, signInAs }) => {
    await signInAs('student');
    const attendance = new AttendancePages(page);
    await attendance.gotoCurrent();
    const config = await fetchConfig(page.request);
    const timetable = await getJson<Timetable>(page.request, '/api/timetable');
    const entry = classToCutThrough(timetable.timetableEntries, await londonToday(page), config.dateLimits.maximum.slice(0, 10));
    expect(entry, 'the seed has an upcoming class on its own').toBeDefined();
    if (!entry) return;
    const start = entry.startTime.slice(0, 19);
    const end = wallClockAfter(start, entry.duration);

    const dialog = await openCreateDialog(page);
    // From 15 minutes into the class until its end: the start falls partway through it.
    await dialog.setDate(dialog.startDate, start.slice(0, 10));
    await dialog.setTime(dialog.startTime, wallClockAfter(start, 15).slice(11, 16));
    await dialog.setDate(dialog.endDate, end.slice(0, 10));
    await dialog.setTime(dialog.endTime, end.slice(11, 16));
    await expect(dialog.clashWarning()).toBeVisible();
    await expect(dialog.dialog.getByRole('status').filter({ hasText: entry.moduleName })).toBeVisible();

    // From the class's start instead: it is wholly inside the absence, so no warning.
    await dialog.setTime(dialog.startTime, start.slice(11, 16));
    await expect(dialog.clashWarning()).toBeHidden();
  });

  test('`student.unenrolled` sees their request read-only with the not-fully-enrolled message, and cannot create one', async ({ page, signInAs, expectNoAxeViolations }) => {
    await signInAs('student.unenrolled');
    const attendance = new AttendancePages(page);
    await attendance.gotoCurrent();
    const [request] = await fetchRequests(page.request);
    expect(request, 'the seed gives student.unenrolled a request').toBeDefined();
    if (!request) return;

    await attendance.openAbsence(request.rowId);
    const dialog = new AbsenceDialog(page, editTitle);
    await expect(dialog.readOnlyNotice()).toHaveText(`This absence is in read-only mode so cannot be edited. ${notFullyEnrolled}`);
    await expect(dialog.startDate).toBeDisabled();
    await expect(dialog.reason).toBeDisabled();
    await expect(dialog.additionalInformation).toBeDisabled();
    await expect(dialog.submitButton()).toHaveCount(0);
    await expect(dialog.withdrawButton()).toHaveCount(0);
    await expectNoAxeViolations();
    await page.keyboard.press('Escape');
    await expect(dialog.dialog).toBeHidden();

    await attendance.requestAbsenceButton().click();
    await expect(page.getByText(`This absence cannot be created. ${notFullyEnrolled}`)).toBeVisible();
    await expect(new AbsenceDialog(page, createTitle).dialog).toHaveCount(0);
  });
});

test.describe('an absence request submitted with the server down', () => {
  // This block stops and restarts its own server.
  const server = useOwnServer(test);
  test.describe.configure({ mode: 'serial', timeout: 150_000 });

  test('is kept on the device with its file, the student is told it was not sent, and it is sent later', async ({ page, signInAs }) => {
    await signInAs('student');
    await waitForServiceWorkerControl(page);
    const attendance = new AttendancePages(page);
    await attendance.gotoCurrent();
    await expect(attendance.absencesTable()).toBeVisible();
    const config = await fetchConfig(page.request);
    const before = await fetchRequests(page.request);
    const day = allowedDay(config, await londonToday(page), 20);
    const description = 'Eid al-Fitr with my family.';

    const dialog = await openCreateDialog(page);
    await dialog.allDay.check();
    await dialog.setDate(dialog.startDate, day);
    await dialog.setDate(dialog.endDate, day);
    await dialog.chooseReason('Religious observance');
    await expect(dialog.dialog.getByText('This is an informed absence: any classes it affects will still count as missed')).toBeVisible();
    await dialog.additionalInformation.fill(description);
    await dialog.addFiles([pdfFile('festival-letter.pdf')]);

    await server.stop();
    try {
      await dialog.submitButton().click();
      await expect(dialog.errorBox()).toContainText('has NOT been sent');
      // Said once, in the dialog's error box: no toast repeats it (issue 20).
      await expect(page.locator('section.toaster')).not.toContainText('NOT sent');
      await page.keyboard.press('Escape');
      await expect(dialog.dialog).toBeHidden();

      // Still offline, after a reload: the page says a request is waiting, and the form comes back whole.
      await page.reload();
      await expect(page.getByRole('note').filter({ hasText: 'has not been sent yet' })).toBeVisible();
      const restored = await openCreateDialog(page);
      await expect(restored.dialog.getByRole('note').filter({ hasText: 'restored from a draft' })).toBeVisible();
      await expect(restored.allDay).toBeChecked();
      const [y, m, d] = day.split('-');
      await expect(restored.startDate).toHaveValue(`${d}/${m}/${y}`);
      await expect(restored.additionalInformation).toHaveValue(description);
      await expect(restored.fileList()).toContainText('festival-letter.pdf');
      await page.keyboard.press('Escape');
    } finally {
      await server.start();
    }

    // Back online: the restored draft is sent as it was, and the reminder goes.
    const dialogAgain = await openCreateDialog(page);
    await expect(dialogAgain.additionalInformation).toHaveValue(description);
    await dialogAgain.submitButton().click();
    await closeSuccess(page, submittedTitle);
    const created = newRequest(before, await fetchRequests(page.request), day);
    expect(created?.absenceDescription).toBe(description);
    expect(created?.supportingFiles.map((file) => file.fileName)).toEqual(['festival-letter.pdf']);
    await expect(page.getByRole('note').filter({ hasText: 'has not been sent yet' })).toHaveCount(0);
    if (created) await expect(attendance.absenceRow(created.rowId)).toContainText('Pending');
  });
});
