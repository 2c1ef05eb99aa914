import type { Page } from '@playwright/test';
import type { AbsenceRequest } from '../src/shared/contract/absences';
import { expect, test } from './fixtures';
import { createTitle, getJson } from './support/absenceSpecs';
import { AbsenceDialog } from './pages/AbsenceDialog';
import { AttendancePages } from './pages/AttendancePages';
import { useOwnServer } from './support/ownServer';

useOwnServer(test);

// The review queue's flood fix (issue item 9), in the dialog: a span that overlaps one of the
// student's open requests is warned about (not blocked), and an exact copy of one is refused by
// the server (409) with its message in the error box, storing nothing.

const duplicateRefusal = 'You already have an open absence request for exactly this time. Edit that request instead.';

const fetchRequests = (page: Page) => getJson<AbsenceRequest[]>(page.request, '/api/attendance/absences/requests');

/** 'YYYY-MM-DD' as the dialog's DD/MM/YYYY. */
function displayDate(isoDate: string): string {
  const [y = '', m = '', d = ''] = isoDate.split('-');
  return `${d}/${m}/${y}`;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface EnteredSpan {
  readonly date: string;
  readonly from: string;
  readonly to: string;
}

/**
 * Enters a span on one day: typed DD/MM/YYYY and HH:mm on a wide screen, the native date and time
 * inputs on a phone. The dates go first (the start date bounds the end date's picker).
 */
async function enterSpan(dialog: AbsenceDialog, isPhone: boolean, span: EnteredSpan): Promise<void> {
  if (isPhone) {
    await dialog.startDate.fill(span.date);
    await dialog.endDate.fill(span.date);
    await dialog.startTime.fill(span.from);
    await dialog.endTime.fill(span.to);
    return;
  }
  await dialog.setDate(dialog.startDate, span.date);
  await dialog.setDate(dialog.endDate, span.date);
  await dialog.setTime(dialog.startTime, span.from);
  await dialog.setTime(dialog.endTime, span.to);
}

async function warnsOfOverlapAndShowsTheRefusal(page: Page, isPhone: boolean, expectNoAxeViolations: () => Promise<void>): Promise<void> {
  const attendance = new AttendancePages(page);
  await attendance.gotoCurrent();
  await expect(attendance.absencesTable()).toBeVisible();
  const before = await fetchRequests(page);
  // The seed's open request: 'Job interview', Pending, a week ahead, 10:00 to 14:00 (London).
  const open = before.find((request) => request.absenceStatus === 'Pending');
  expect(open, 'the student has an open request').toBeDefined();
  if (!open) return;
  const date = open.absenceStart.slice(0, 10);
  const from = open.absenceStart.slice(11, 16);
  const to = open.absenceEnd.slice(11, 16);
  expect(open.absenceEnd.slice(0, 10), 'the open request is within one day').toBe(date);

  await attendance.requestAbsenceButton().click();
  const dialog = new AbsenceDialog(page, createTitle);
  await expect(dialog.dialog).toBeVisible();
  await expect(dialog.reason).toBeEnabled();

  // Overlapping (the hour before it to the hour after it starts): the warning names its dates.
  await enterSpan(dialog, isPhone, { date, from: '09:00', to: '11:00' });
  const warningText = `You already have an open absence request for ${displayDate(date)}, ${from} to ${to}. You can still send this one.`;
  const warning = dialog.dialog.getByRole('status').filter({ hasText: warningText });
  await expect(warning).toBeVisible();
  await expect(warning).toHaveAttribute('aria-live', 'polite');
  await expect(dialog.startDate).toHaveAccessibleDescription(new RegExp(escapeRegExp(warningText)));
  await expectNoAxeViolations();

  // From the moment it ends: no overlap, and the warning goes.
  expect(to < '23:59', 'the open request ends before the day does').toBe(true);
  await enterSpan(dialog, isPhone, { date, from: to, to: '23:59' });
  await expect(dialog.dialog.getByText(/You already have/)).toHaveCount(0);
  await expect(dialog.startDate).not.toHaveAccessibleDescription(/You already have/);

  // Exactly its span: the warning says the server will refuse it; sent anyway, the refusal shows.
  await enterSpan(dialog, isPhone, { date, from, to });
  await expect(
    dialog.dialog.getByRole('status').filter({
      hasText: `You already have an open absence request for exactly this time (${displayDate(date)}, ${from} to ${to}), so this one would be refused. Edit that request instead.`,
    }),
  ).toBeVisible();
  await dialog.chooseReason('Religious observance');
  await dialog.submitButton().click();
  await expect(dialog.errorBox()).toBeVisible();
  await expect(dialog.errorBox()).toContainText(`Dates: ${duplicateRefusal}`);
  await expect(dialog.submitButton()).toBeEnabled();
  await expect(page.getByRole('dialog', { name: 'Absence Request Submitted Successfully' })).toHaveCount(0);
  await expectNoAxeViolations();

  // Nothing new was stored.
  const after = await fetchRequests(page);
  expect(after.map((request) => request.rowId).sort()).toEqual(before.map((request) => request.rowId).sort());
}

test.describe('the overlap warning at 1280×860', () => {
  test.use({ viewport: { width: 1280, height: 860 } });
  test.describe.configure({ timeout: 90_000 });

  test('warns of an overlapping open request, drops the warning when the span moves off it, and shows the 409 for an exact copy', async ({ page, signInAs, expectNoAxeViolations }) => {
    await signInAs('student');
    await warnsOfOverlapAndShowsTheRefusal(page, false, () => expectNoAxeViolations());
  });
});

test.describe('the overlap warning on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test.describe.configure({ timeout: 90_000 });

  test('warns of an overlapping open request, drops the warning when the span moves off it, and shows the 409 for an exact copy', async ({ page, signInAs, expectNoAxeViolations }) => {
    await signInAs('student');
    await warnsOfOverlapAndShowsTheRefusal(page, true, () => expectNoAxeViolations());
  });
});
