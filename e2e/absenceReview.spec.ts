import type { Page } from '@playwright/test';
import type { AbsenceConfig, AbsenceRequest } from '../src/shared/contract/absences';
import { expect, test } from './fixtures';
import { AbsenceDialog } from './pages/AbsenceDialog';
import { AttendancePages } from './pages/AttendancePages';
import { NotificationsPage } from './pages/NotificationsPage';
import { ReviewPages } from './pages/ReviewPages';
import { addDays, getJson, londonToday, openCreateDialog, submitAllDayIllness } from './support/absenceSpecs';
import { runServerJob } from './support/clock';
import { useOwnServer } from './support/ownServer';
import { expectCards } from './support/phoneCards';
import { signInOn } from './support/signIn';

// Issue 15: the school office reviews absence requests. Its own server: it decides requests.
useOwnServer(test);

const messageForEvidence = 'Please upload a letter from your GP that covers this day.';

function pdfFile(name: string): { name: string; mimeType: string; buffer: Buffer } {
  const body = `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`;
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(body, 'latin1') };
}

/** A day ahead that the limits allow as an all-day absence. */
async function allowedDay(page: Page, offset: number): Promise<string> {
  const config = await getJson<AbsenceConfig>(page.request, '/api/attendance/absences/config');
  const day = addDays(await londonToday(page), offset);
  const lastAllowed = addDays(config.dateLimits.maximum.slice(0, 10), -1);
  return day < lastAllowed ? day : lastAllowed;
}

async function closeDialog(page: Page, title: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(dialog).toBeHidden();
}

test.describe.configure({ timeout: 180_000 });

test('`student` submits with a PDF; `staff` opens the evidence and asks for more; the student adds a file; `staff` approves; the student sees Approved', async ({ page, newContext, signInAs, clock, baseURL, expectNoAxeViolations }) => {
  // The student submits an all-day Illness request with a PDF.
  await signInAs('student');
  const attendance = new AttendancePages(page);
  await attendance.gotoCurrent();
  const day = await allowedDay(page, 12);
  const before = new Set((await getJson<AbsenceRequest[]>(page.request, '/api/attendance/absences/requests')).map((r) => r.rowId));
  await submitAllDayIllness(page, await openCreateDialog(page), day, [pdfFile('sick-note.pdf')]);
  await closeDialog(page, 'Absence Request Submitted Successfully');
  const created = (await getJson<AbsenceRequest[]>(page.request, '/api/attendance/absences/requests')).find((r) => !before.has(r.rowId));
  expect(created, 'the server stored the new request').toBeDefined();
  if (!created) return;

  // The school office, in another browser: the menu leads to the queue, which lists the request.
  const office = await newContext();
  try {
    const staffPage = await office.newPage();
    await signInOn(staffPage, 'staff');
    const review = new ReviewPages(staffPage);
    await review.menuEntry().click();
    await expect(review.heading('Absence reviews')).toBeVisible();
    await expect(review.queueRow(created.rowId)).toContainText('Amara Okafor');
    await expect(review.queueRow(created.rowId)).toContainText('Pending');
    await expect(review.queueRow(created.rowId)).toContainText('1 file');
    await expectNoAxeViolations(staffPage);
    // The filters narrow it down to one student.
    await review.filterByStudent('S2400001');
    await expect(review.queueRow(created.rowId)).toBeVisible();
    await expect(review.queueRows().filter({ hasText: 'Liam Chen' })).toHaveCount(0);

    // The request: its evidence downloads as a file.
    await review.queueRow(created.rowId).getByRole('link', { name: /^Open the request of Amara Okafor/ }).click();
    await expect(review.heading('Absence request')).toBeVisible();
    await expect(review.fact('Category')).toContainText('Illness (Authorised, evidence required)');
    await expect(review.fact('Attendance this year')).toHaveText(/^\d+%$/);
    const [download] = await Promise.all([staffPage.waitForEvent('download'), review.evidenceLink('sick-note.pdf').click()]);
    expect(download.suggestedFilename()).toBe('sick-note.pdf');
    await expectNoAxeViolations(staffPage);

    // Request evidence needs a message; with one, the request waits for the student.
    await review.decisionButton('Request evidence').click();
    await expect(review.decisionPanel().getByText('Please write a message to the student explaining this decision.')).toBeVisible();
    await review.message().fill(messageForEvidence);
    await review.decisionButton('Request evidence').click();
    await expect(review.status()).toHaveText('Awaiting evidence');
    await expect(review.fact('Message to the student')).toHaveText(messageForEvidence);
    expect(await review.decisionButtons()).toEqual(['Approve', 'Deny']);
    // Issue 31: the student is told once the ten seconds to undo have passed.
    await clock.advance(11_000);
    await runServerJob(baseURL ?? '', 'absences.decisionNotices.sweep');

    // The student's notification opens the request, with the message; they add a file.
    const notifications = new NotificationsPage(page);
    await notifications.goto();
    // No push in this test: the student refreshes the list, as they would after a while.
    await page.getByRole('main').getByRole('button', { name: 'Refresh', exact: true }).click();
    await notifications.open('Absence request waiting for your evidence').click();
    const edit = new AbsenceDialog(page, 'Absence request');
    await expect(edit.dialog).toBeVisible();
    await expect(edit.dialog.getByText(messageForEvidence)).toBeVisible();
    await edit.addFiles([pdfFile('gp-letter.pdf')]);
    await edit.submitButton().click();
    await closeDialog(page, 'Absence Request Updated Successfully');
    // Issue 31: the evidence sends the request back to review.
    await expect(attendance.absenceRow(created.rowId)).toContainText('Pending');
    await expect(attendance.absenceRow(created.rowId)).toContainText('Sent for review on');
    await expect(attendance.absenceRow(created.rowId)).toContainText(messageForEvidence);

    // The office still shows the version before the student's change: a decision on it is refused.
    await review.decisionButton('Approve').click();
    await expect(review.decisionPanel().getByRole('alert')).toContainText('This absence request has changed since you opened it.');
    await review.decisionPanel().getByRole('button', { name: 'Reload the request' }).click();
    await expect(review.evidenceLink('gp-letter.pdf')).toBeVisible();
    await review.decisionButton('Approve').click();
    await expect(review.status()).toHaveText('Approved');
    await expect(review.decisionPanel()).toContainText('This request is Approved: there is nothing to decide.');
    await clock.advance(11_000);
    await runServerJob(baseURL ?? '', 'absences.decisionNotices.sweep');

    // The student: the notification centre and the absence list show Approved.
    await notifications.goto();
    await page.getByRole('main').getByRole('button', { name: 'Refresh', exact: true }).click();
    await expect(notifications.heading('Absence request approved')).toBeVisible();
    await notifications.open('Absence request approved').click();
    await expect(edit.dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(attendance.absenceRow(created.rowId)).toContainText('Approved');
    await expect(attendance.absenceRow(created.rowId)).not.toContainText(messageForEvidence);
  } finally {
    await office.close();
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('`staff` reaches the queue from the bottom bar and opens a request; both pages are axe-clean', async ({ page, signInAs, expectNoAxeViolations }) => {
    await signInAs('staff');
    const review = new ReviewPages(page);
    await review.menuEntry().click();
    await expect(review.heading('Absence reviews')).toBeVisible();
    await expect(review.queueRows().first()).toBeVisible();
    await expectNoAxeViolations();
    await review.queueRows().first().getByRole('link', { name: /^Open the request of/ }).click();
    await expect(review.heading('Absence request')).toBeVisible();
    await expect(review.decisionPanel()).toBeVisible();
    // The classes it covers are cards, each with its time and record labelled.
    await expectCards(review.main().getByRole('table', { name: 'Classes the absence covers' }), ['When', 'Record']);
    await expectNoAxeViolations();
  });

  test('`student` has no such menu entry, and the page sends them to Unauthorized', async ({ page, signInAs }) => {
    await signInAs('student');
    const review = new ReviewPages(page);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(review.menuEntry()).toHaveCount(0);
    await page.goto('/staff/absences');
    await expect(page.getByRole('heading', { name: '401 - Unauthorized' })).toBeVisible();
  });
});
