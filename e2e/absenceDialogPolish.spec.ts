import type { Page } from '@playwright/test';
import type { AbsenceConfig, AbsenceRequest } from '../src/shared/contract/absences';
import type { Timetable } from '../src/shared/contract/timetable';
import { expect, test } from './fixtures';
import { addDays, classToCutThrough, getJson, londonToday, wallClockAfter } from './support/absenceSpecs';
import { AbsenceDialog } from './pages/AbsenceDialog';
import { AttendancePages } from './pages/AttendancePages';
import { useOwnServer } from './support/ownServer';
import { axeViolations, describeViolations, wcagTags } from './support/axe';

useOwnServer(test);

// Issue 20, items 4 and 7: the absence dialog keeps its actions and the clash warning in sight,
// asks before throwing input away, says 'updated' after an Update, and its file input has a label
// that axe accepts wherever the uploader is scrolled to.

const createTitle = 'Request an absence';
const editTitle = 'Absence request';
const submittedTitle = 'Absence Request Submitted Successfully';
const updatedTitle = 'Absence Request Updated Successfully';
const discardQuestion = 'Discard this request?';

async function openCreateDialog(page: Page): Promise<AbsenceDialog> {
  const attendance = new AttendancePages(page);
  await attendance.gotoCurrent();
  await attendance.requestAbsenceButton().click();
  const dialog = new AbsenceDialog(page, createTitle);
  await expect(dialog.dialog).toBeVisible();
  await expect(dialog.reason).toBeEnabled();
  return dialog;
}

/** The question asked before unsaved input is thrown away. */
const discardConfirm = (dialog: AbsenceDialog) => dialog.dialog.getByRole('alertdialog', { name: discardQuestion });

/**
 * axe on the dialog, with its best-practice rules too: `label-title-only` (a form control named
 * only by hidden text) is one of them, and is what the file input broke.
 */
async function expectDialogAxeClean(page: Page): Promise<void> {
  const violations = await axeViolations(page, { include: '[role="dialog"]', tags: [...wcagTags, 'best-practice'] });
  expect(describeViolations(violations), 'axe violations in the absence dialog').toEqual([]);
}

async function checkDiscardFlow(page: Page, dialog: AbsenceDialog): Promise<void> {
  // Untouched: Escape closes at once.
  await page.keyboard.press('Escape');
  await expect(dialog.dialog).toBeHidden();

  const again = await openCreateDialog(page);
  await again.additionalInformation.fill('A funeral in Leeds.');
  // Escape asks first; the safe answer has the focus.
  await page.keyboard.press('Escape');
  const question = discardConfirm(again);
  await expect(question).toBeVisible();
  await expect(question).toContainText('will be lost');
  await expect(question.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await expect(again.additionalInformation).toBeHidden();
  // Escape again is 'no': the form is back with the input, and the focus is where it was.
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(again.additionalInformation).toHaveValue('A funeral in Leeds.');
  await expect(again.additionalInformation).toBeFocused();
  // ✕ asks too; 'Keep editing' keeps everything.
  await again.dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(again.additionalInformation).toHaveValue('A funeral in Leeds.');
  // 'Discard' closes, and a new dialog starts empty.
  await again.dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await question.getByRole('button', { name: 'Discard' }).click();
  await expect(again.dialog).toBeHidden();
  const fresh = await openCreateDialog(page);
  await expect(fresh.additionalInformation).toHaveValue('');
}

test.describe('the absence dialog at 1280×860', () => {
  test.use({ viewport: { width: 1280, height: 860 } });
  test.describe.configure({ timeout: 90_000 });

  test('keeps Submit in sight and brings the clash warning into view without taking the focus', async ({ page, signInAs }) => {
    await signInAs('student');
    const dialog = await openCreateDialog(page);
    const config = await getJson<AbsenceConfig>(page.request, '/api/attendance/absences/config');
    const timetable = await getJson<Timetable>(page.request, '/api/timetable');
    const entry = classToCutThrough(timetable.timetableEntries, await londonToday(page), config.dateLimits.maximum.slice(0, 10));
    expect(entry, 'the seed has an upcoming class on its own').toBeDefined();
    if (!entry) return;
    const start = entry.startTime.slice(0, 19);
    const end = wallClockAfter(start, entry.duration);
    await expect(dialog.submitButton()).toBeInViewport({ ratio: 1 });

    // The end first (the class's end), then the start: the warning comes with the last field,
    // a start 15 minutes into the class.
    await dialog.setDate(dialog.endDate, end.slice(0, 10));
    await dialog.setTime(dialog.endTime, end.slice(11, 16));
    await dialog.setDate(dialog.startDate, start.slice(0, 10));
    await dialog.startTime.fill(wallClockAfter(start, 15).slice(11, 16));
    await dialog.startTime.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.outerHTML ?? '');
    await expect(dialog.clashWarning()).toBeInViewport({ ratio: 1 });
    await expect(dialog.submitButton()).toBeInViewport({ ratio: 1 });
    // The warning was shown, not focused: the focus is still where Tab put it.
    expect(await page.evaluate(() => document.activeElement?.outerHTML ?? '')).toBe(focused);
  });

  test('asks "Discard this request?" before Escape or ✕ throws input away', async ({ page, signInAs }) => {
    await signInAs('student');
    const dialog = await openCreateDialog(page);
    await checkDiscardFlow(page, dialog);
  });

  test('after an Update, the success dialog says the request was updated', async ({ page, signInAs }) => {
    await signInAs('student');
    const attendance = new AttendancePages(page);
    const dialog = await openCreateDialog(page);
    const config = await getJson<AbsenceConfig>(page.request, '/api/attendance/absences/config');
    const before = await getJson<AbsenceRequest[]>(page.request, '/api/attendance/absences/requests');
    const lastAllowed = addDays(config.dateLimits.maximum.slice(0, 10), -1);
    const inNineDays = addDays(await londonToday(page), 9);
    const day = inNineDays < lastAllowed ? inNineDays : lastAllowed;

    await dialog.allDay.check();
    await dialog.setDate(dialog.startDate, day);
    await dialog.setDate(dialog.endDate, day);
    await dialog.chooseReason('Religious observance');
    await dialog.additionalInformation.fill('Diwali.');
    await dialog.submitButton().click();
    const submitted = page.getByRole('dialog', { name: submittedTitle });
    await expect(submitted).toBeVisible();
    await submitted.getByRole('button', { name: 'Close', exact: true }).last().click();

    const after = await getJson<AbsenceRequest[]>(page.request, '/api/attendance/absences/requests');
    const known = new Set(before.map((request) => request.rowId));
    const created = after.find((request) => !known.has(request.rowId) && request.absenceStart.startsWith(day));
    expect(created, 'the server stored the new request').toBeDefined();
    if (!created) return;

    await attendance.openAbsence(created.rowId);
    const edit = new AbsenceDialog(page, editTitle);
    await expect(edit.dialog).toBeVisible();
    await edit.additionalInformation.fill('Diwali, with my family in Leicester.');
    await edit.submitButton().click();
    const updated = page.getByRole('dialog', { name: updatedTitle });
    await expect(updated).toBeVisible();
    await expect(updated).toContainText('Your changes to this absence request have been saved.');
    await expect(page.getByRole('dialog', { name: submittedTitle })).toHaveCount(0);
    await updated.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(updated).toBeHidden();
    const stored = (await getJson<AbsenceRequest[]>(page.request, '/api/attendance/absences/requests')).find((request) => request.rowId === created.rowId);
    expect(stored?.absenceDescription).toBe('Diwali, with my family in Leicester.');
  });

  test('is axe-clean when opened and after validation errors', async ({ page, signInAs }) => {
    await signInAs('student');
    const dialog = await openCreateDialog(page);
    await expect(dialog.dialog.getByText('Add files', { exact: true })).toBeVisible();
    await expectDialogAxeClean(page);
    await dialog.submitButton().click();
    await expect(dialog.errorBox()).toBeVisible();
    await expectDialogAxeClean(page);
  });
});

test.describe('the absence dialog on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test.describe.configure({ timeout: 90_000 });

  test('asks "Discard this request?" before Escape or ✕ throws input away', async ({ page, signInAs }) => {
    await signInAs('student');
    const dialog = await openCreateDialog(page);
    await checkDiscardFlow(page, dialog);
  });

  test('is axe-clean when opened and after validation errors, with Submit in sight', async ({ page, signInAs }) => {
    await signInAs('student');
    const dialog = await openCreateDialog(page);
    await expect(dialog.submitButton()).toBeInViewport({ ratio: 1 });
    await expectDialogAxeClean(page);
    await dialog.submitButton().click();
    await expect(dialog.errorBox()).toBeVisible();
    await expectDialogAxeClean(page);
  });
});
