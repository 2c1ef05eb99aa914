import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { AbsenceConfig } from '../src/shared/contract/absences';
import { expect, test } from './fixtures';
import { AbsenceDialog } from './pages/AbsenceDialog';
import { AttendancePages } from './pages/AttendancePages';
import { SupportDialog } from './pages/SupportDialog';
import { useOwnServer } from './support/ownServer';

// Issue 20: every dialog of the app is axe-clean (WCAG 2.1 A/AA) at 1280×860 and 390×844, when
// it opens and after a submit its rules refuse, and the refused fields say so: aria-invalid, with
// the message as their accessible description.
//
// The dialogs (every modal, popover and alertdialog under src/app), and how each is reached:
// 1. Absence request, create ('Request an absence', ResponsiveDialog: modal on desktop, bottom sheet
//    on a phone): /attendance/current → 'Request an absence'. Refused: nothing filled in; a reason
//    that needs additional information without it.
// 2. Absence request, edit ('Absence request'): /attendance/current → a pending request's 'Open'.
//    Refused: the start date cleared, then 'Update'.
// 3. 'Discard this request?' (alertdialog inside 1 and 2): type something, then Escape or ✕.
// 4. 'Withdraw Absence Request' (the confirmation panel inside 2): 'Withdraw' in the edit dialog.
// 5. The success dialogs 'Absence Request Submitted Successfully' / '… Updated Successfully'
//    (SuccessDialog): a create or an update that the server accepts.
// 6. The date picker popup ('Start date calendar', a react-aria Popover) and its year page: the
//    calendar button beside a date field of 1 or 2. Desktop only: a phone shows native date inputs.
// 7. 'Request Support' (ResponsiveDialog): /attendance/current → 'Request Support'. Refused: only
//    spaces. In the 30-day cooldown it opens with the SPEC warning instead (student2, and student
//    once they have sent one).
// 8. 'Request Submitted Successfully' (SuccessDialog): a referral the server accepts.
// 9. 'Your session is about to end' (alertdialog) and 'Signing you out' (SessionDialog): an idle
//    session near its end, then 'Sign Out'. Covered at both widths in e2e/session.spec.ts
//    (desktop) and below (phone); the sign-out link of the menu opens the same 'Signing you out'.
// 10. The admin area's confirmations (issue 31 §6): 'Send to {n} people now?' before a notification
//    is sent now, and 'Delete the link “…”?' (category, rule, group) before a delete: covered at
//    both widths in e2e/adminConfirm.spec.ts; the import, register and view-as confirmations in
//    their own specs.
// Nothing else in the app is a dialog. The staff and admin editors (review decisions, the
// lecturer register, links, categories, rules, groups, notifications compose/schedule, status,
// view-as start, classes) and the feedback form are forms on their pages, not dialogs: their
// validation-error states are in e2e/formsAxe.spec.ts.

useOwnServer(test);

const widths = [
  { name: 'desktop', viewport: { width: 1280, height: 860 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

async function fetchConfig(request: APIRequestContext): Promise<AbsenceConfig> {
  const response = await request.get('/api/attendance/absences/config');
  expect(response.status()).toBe(200);
  return (await response.json()) as AbsenceConfig;
}

function addDays(isoDate: string, days: number): string {
  const [y = 0, m = 1, d = 1] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** A date field: typed as DD/MM/YYYY on a wide screen, set directly on a phone's native input. */
async function setDate(dialog: AbsenceDialog, field: Locator, isoDate: string, isPhone: boolean): Promise<void> {
  if (isPhone) await field.fill(isoDate);
  else await dialog.setDate(field, isoDate);
}

/** The field is marked invalid, and its message is part of its accessible description. */
async function expectFieldError(field: Locator, message: string | RegExp): Promise<void> {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message);
}

async function openCreate(page: Page): Promise<AbsenceDialog> {
  const attendance = new AttendancePages(page);
  await attendance.gotoCurrent();
  await attendance.requestAbsenceButton().click();
  const dialog = new AbsenceDialog(page, 'Request an absence');
  await expect(dialog.dialog).toBeVisible();
  await expect(dialog.reason).toBeEnabled();
  return dialog;
}

for (const { name, viewport } of widths) {
  const isPhone = name === 'phone';

  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 180_000 });

    test(`${name}: the absence dialogs, open and after refused submits`, async ({ page, signInAs, expectNoAxeViolations }) => {
      await signInAs('student');
      const config = await fetchConfig(page.request);
      const min = config.dateLimits.minimum.slice(0, 10);

      // 1. Create: open, then nothing filled in.
      const create = await openCreate(page);
      await expectNoAxeViolations();
      await create.submitButton().click();
      await expect(create.errorBox()).toContainText('Start date: Start date is required');
      await expectFieldError(create.startDate, /Start date is required/);
      await expectFieldError(create.reason, /Please select an absence category/);
      await expectNoAxeViolations();

      // Dates and a reason, but not the additional information that reason requires.
      await create.allDay.check();
      await setDate(create, create.startDate, addDays(min, 3), isPhone);
      await setDate(create, create.endDate, addDays(min, 3), isPhone);
      await create.chooseReason('Job interview');
      await create.submitButton().click();
      await expect(create.errorBox()).toContainText('Your chosen absence reason requires additional information');
      await expectFieldError(create.additionalInformation, /requires additional information/);
      await expectNoAxeViolations();

      // 6. The date picker popup and its year page (desktop).
      if (!isPhone) {
        await create.calendarButton('Start date').click();
        const popup = create.calendarPopup('Start date');
        await expect(popup.getByRole('grid')).toBeVisible();
        await expectNoAxeViolations();
        await popup.getByRole('button', { name: /choose a year/ }).click();
        await expect(popup.getByRole('group', { name: /^Years / })).toBeVisible();
        await expectNoAxeViolations();
        await page.keyboard.press('Escape');
        await expect(popup).toBeHidden();
        // Focus goes back to the button that opened the popup; only then is the next Escape the dialog's.
        await expect(create.calendarButton('Start date')).toBeFocused();
      }

      // 3. Closing with input asks first.
      await page.keyboard.press('Escape');
      const discard = create.dialog.getByRole('alertdialog', { name: 'Discard this request?' });
      await expect(discard).toBeVisible();
      await expectNoAxeViolations();
      await discard.getByRole('button', { name: 'Discard' }).click();
      await expect(create.dialog).toBeHidden();

      // 5. A create the server accepts, then its success dialog.
      const accepted = await openCreate(page);
      const day = addDays(min, isPhone ? 6 : 5);
      await accepted.allDay.check();
      await setDate(accepted, accepted.startDate, day, isPhone);
      await setDate(accepted, accepted.endDate, day, isPhone);
      await accepted.chooseReason('Job interview');
      await accepted.additionalInformation.fill('A second-round interview in Manchester.');
      await accepted.submitButton().click();
      const submitted = page.getByRole('dialog', { name: 'Absence Request Submitted Successfully' });
      await expect(submitted).toBeVisible();
      await expectNoAxeViolations();
      await submitted.getByRole('button', { name: 'Close' }).last().click();
      await expect(submitted).toBeHidden();

      // 2. Edit the seeded pending request (Job interview, a week ahead): open, then the start date cleared.
      const attendance = new AttendancePages(page);
      const pendingRow = attendance.absencesTable().locator('tr[data-row]').filter({ hasText: 'Pending' }).filter({ hasNotText: 'Cancellation' }).first();
      await pendingRow.getByRole('button', { name: /^Open/ }).click();
      const edit = new AbsenceDialog(page, 'Absence request');
      await expect(edit.dialog).toBeVisible();
      await expect(edit.reason).toBeEnabled();
      await expectNoAxeViolations();
      await edit.startDate.fill('');
      if (!isPhone) await edit.startDate.press('Tab');
      await edit.submitButton().click();
      await expect(edit.errorBox()).toContainText('Start date is required');
      await expectFieldError(edit.startDate, /Start date is required/);
      await expectNoAxeViolations();

      // 4. The withdraw confirmation, then back.
      await edit.withdrawButton().click();
      await expect(edit.withdrawConfirmation()).toBeVisible();
      await expectNoAxeViolations();
      await edit.dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(edit.withdrawConfirmation()).toBeHidden();
    });

    test(`${name}: the Request Support dialog, open, refused, sent, then in its cooldown`, async ({ page, signInAs, expectNoAxeViolations }) => {
      // Each width sends one referral, so each needs a student outside the cooldown.
      await signInAs(isPhone ? 'student.unenrolled' : 'student');
      await new AttendancePages(page).gotoCurrent();
      const support = new SupportDialog(page);
      await support.openDialog();
      await expect(support.cooldownNotice).toHaveCount(0);
      await expectNoAxeViolations();

      // 7. Only spaces.
      await support.details.fill('   ');
      await support.submit.click();
      await expectFieldError(support.details, /Text is required/);
      await expectNoAxeViolations();

      // 8. Sent.
      await support.details.fill('I have fallen behind after being ill and would like to talk to someone.');
      await support.submit.click();
      await expect(support.sent).toBeVisible();
      await expectNoAxeViolations();
      await support.sent.getByRole('button', { name: 'Close' }).last().click();
      await expect(support.sent).toBeHidden();

      // 7, in the cooldown.
      await support.openDialog();
      await expect(support.cooldownNotice).toBeVisible();
      await expectNoAxeViolations();
    });
  });
}

test.describe('the session dialogs on a phone', () => {
  // A server whose sessions last 6 minutes, so the warning comes after a few checks.
  useOwnServer(test, { env: { SESSION_IDLE_MINUTES: '6' } });
  test.use({ viewport: { width: 390, height: 844 } });

  test('phone: the session warning and the sign-out overlay', async ({ page, signInAs, expectNoAxeViolations }) => {
    await signInAs('student');
    const warning = page.getByRole('alertdialog', { name: 'Your session is about to end' });
    // One minute (one session check) at a time: the app's own calls slide the session on.
    await expect(async () => {
      await page.clock.fastForward('01:00');
      await expect(warning).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expectNoAxeViolations();

    const now = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(now + 5 * 60_000);
    const signingOut = page.getByRole('dialog', { name: 'Signing you out' });
    await expect(signingOut).toBeVisible();
    await expectNoAxeViolations(page, { isClockPaused: true });
  });
});
