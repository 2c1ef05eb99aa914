import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { AbsenceConfig } from '../src/shared/contract/absences';
import { expect, test } from './fixtures';
import { openAbsenceDialog } from './support/absenceSpecs';
import { AttendancePages } from './pages/AttendancePages';
import { useOwnServer } from './support/ownServer';

useOwnServer(test);

// The absence dialog's form fields (SPEC §2 "Date picker", "Absence request dialog", §5): the
// masked date and time fields with the popup calendar on a wide screen, the file rules, and on a
// phone the bottom sheet with native inputs that closes when swiped down 35% of its height.

const MB = 1024 * 1024;
const monthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The create limits the server gives (London dates, YYYY-MM-DD). */
async function dateLimits(request: APIRequestContext): Promise<{ min: string; max: string }> {
  const response = await request.get('/api/attendance/absences/config');
  expect(response.status()).toBe(200);
  const config = (await response.json()) as AbsenceConfig;
  return { min: config.dateLimits.minimum.slice(0, 10), max: config.dateLimits.maximum.slice(0, 10) };
}

function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' as the field shows it, DD/MM/YYYY. */
const shown = (iso: string) => iso.split('-').reverse().join('/');
/** The digits a user types for it (the mask adds the slashes). */
const typed = (iso: string) => shown(iso).replaceAll('/', '');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A day of the popup calendar, by its accessible name ('Tuesday, 9 September 2025'). */
function calendarDay(popup: Locator, iso: string): Locator {
  const [year, month, day] = iso.split('-').map(Number);
  const name = `${day} ${monthNames[(month ?? 1) - 1]} ${year}`;
  return popup.getByRole('button', { name: new RegExp(`(?:^|\\D)${name}(?:\\D|$)`) });
}

/** Types into a masked field as a person would: one key at a time. */
async function typeInto(field: Locator, keys: string): Promise<void> {
  await field.fill('');
  await field.pressSequentially(keys);
}

test.describe('on a wide screen', () => {
  test('dates are typed through the mask or picked in a calendar that stops at the limits', async ({ page, signInAs, expectNoAxeViolations }) => {
    await signInAs('student');
    const absence = await openAbsenceDialog(page);
    const { min } = await dateLimits(page.request);

    // Digits only: the slashes appear by themselves.
    await typeInto(absence.startDate, typed(min));
    await expect(absence.startDate).toHaveValue(shown(min));
    await absence.startDate.press('Tab');
    await expect(absence.startDate).not.toHaveAttribute('aria-invalid', 'true');

    // An edit in the middle stays under the caret: the month's last digit deleted, then typed again.
    await absence.startDate.press('End');
    for (let step = 0; step < 5; step += 1) await absence.startDate.press('ArrowLeft');
    await absence.startDate.press('Backspace');
    await expect(absence.startDate).toHaveValue(shown(min).slice(0, 4) + shown(min).slice(5));
    await absence.startDate.press(shown(min).charAt(4));
    await expect(absence.startDate).toHaveValue(shown(min));

    // The rules run on demand: an impossible date, then one before the minimum, are explained.
    await typeInto(absence.startDate, '31022026');
    await absence.startDate.press('Enter');
    await expect(absence.startDate).toHaveAttribute('aria-invalid', 'true');
    await expect(absence.startDate).toHaveAccessibleDescription(/Enter a real date as DD\/MM\/YYYY\./);
    await typeInto(absence.startDate, typed(addDays(min, -1)));
    await absence.startDate.press('Enter');
    await expect(absence.startDate).toHaveAccessibleDescription(new RegExp(`Choose a date (from|on or after) ${escapeRegExp(shown(min))}`));
    await expect(absence.startDate).toHaveValue(shown(addDays(min, -1)));

    // Back to the minimum, then into the calendar: it opens on that day, with the days before it
    // disabled and no way back to an earlier month.
    await typeInto(absence.startDate, typed(min));
    await absence.startDate.press('Enter');
    await expect(absence.startDate).not.toHaveAttribute('aria-invalid', 'true');
    await absence.calendarButton('Start date').click();
    const popup = absence.calendarPopup('Start date');
    await expect(popup).toBeVisible();
    await expect(calendarDay(popup, min)).toBeFocused();
    await expect(popup.getByRole('button', { name: 'Previous' })).toBeDisabled();
    if (Number(min.slice(8)) > 1) await expect(calendarDay(popup, addDays(min, -1))).toHaveAttribute('aria-disabled', 'true');
    await expect(calendarDay(popup, min)).not.toHaveAttribute('aria-disabled', 'true');
    await expectNoAxeViolations();

    // Picking with the keyboard: the next day, Enter, then Close; focus returns to the button.
    await page.keyboard.press('ArrowRight');
    await expect(calendarDay(popup, addDays(min, 1))).toBeFocused();
    await page.keyboard.press('Enter');
    await popup.getByRole('button', { name: 'Close' }).click();
    await expect(popup).toBeHidden();
    await expect(absence.startDate).toHaveValue(shown(addDays(min, 1)));
    await expect(absence.startDate).not.toHaveAttribute('aria-invalid', 'true');
    await expect(absence.calendarButton('Start date')).toBeFocused();

    // Escape closes only the calendar, not the dialog under it.
    await absence.calendarButton('Start date').click();
    await expect(popup).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
    await expect(absence.dialog).toBeVisible();
  });

  test('times are typed through the ##:## mask and 25:00 is refused', async ({ page, signInAs }) => {
    await signInAs('student');
    const absence = await openAbsenceDialog(page);
    await expect(absence.startTime).toHaveValue('15:00');
    await expect(absence.endTime).toHaveValue('16:00');

    await typeInto(absence.startTime, '2500');
    await expect(absence.startTime).toHaveValue('25:00');
    await absence.startTime.press('Tab');
    await expect(absence.startTime).toHaveAttribute('aria-invalid', 'true');
    await expect(absence.startTime).toHaveAccessibleDescription(/Enter a real time as HH:mm, from 00:00 to 23:59\./);

    await typeInto(absence.startTime, '0930');
    await expect(absence.startTime).toHaveValue('09:30');
    await absence.startTime.press('Tab');
    await expect(absence.startTime).not.toHaveAttribute('aria-invalid', 'true');

    // An edit in the middle: 16:00 with the 6 deleted and 7 typed in its place is 17:00.
    await absence.endTime.press('End');
    for (let step = 0; step < 3; step += 1) await absence.endTime.press('ArrowLeft');
    await absence.endTime.press('Backspace');
    await expect(absence.endTime).toHaveValue('1:00');
    await absence.endTime.press('7');
    await expect(absence.endTime).toHaveValue('17:00');
    await absence.endTime.press('Tab');
    await expect(absence.endTime).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('the uploader refuses a file over 5 MB and a program, and lists an accepted PDF', async ({ page, signInAs, expectNoAxeViolations }) => {
    await signInAs('student');
    const absence = await openAbsenceDialog(page);
    await absence.supportingFiles.setInputFiles([
      { name: 'scan-too-big.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(5 * MB + 1, 0x20) },
      { name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ\x90\x00') },
      { name: 'doctor-letter.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
    ]);

    await expect(absence.dialog.getByText('"scan-too-big.pdf" is larger than 5 MB.')).toBeVisible();
    await expect(absence.dialog.getByText('"setup.exe" is not a PDF, DOCX, EML or image file.')).toBeVisible();
    const files = absence.fileList().getByRole('listitem');
    await expect(files).toHaveCount(1);
    await expect(files.first()).toContainText('doctor-letter.pdf');
    await expectNoAxeViolations();

    // The same file again is refused; another one joins it.
    await absence.supportingFiles.setInputFiles([
      { name: 'doctor-letter.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
      { name: 'ward-note.png', mimeType: 'image/png', buffer: Buffer.from('\x89PNG\r\n\x1a\n') },
    ]);
    await expect(absence.dialog.getByText('"doctor-letter.pdf" has already been added.')).toBeVisible();
    await expect(files).toHaveCount(2);

    // Removing by keyboard keeps focus in the uploader: on the Remove of the file that took the
    // removed one's place, then, with the list empty, on the file input.
    await absence.dialog.getByRole('button', { name: 'Remove doctor-letter.pdf' }).focus();
    await page.keyboard.press('Enter');
    await expect(files).toHaveCount(1);
    await expect(absence.dialog.getByRole('button', { name: 'Remove ward-note.png' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(absence.fileList()).toBeHidden();
    await expect(absence.supportingFiles).toBeFocused();
  });
});

/** Drags the grip down by `distance` CSS pixels with a real touch (Chrome DevTools Protocol touch events). */
async function touchDrag(page: Page, grip: Locator, distance: number): Promise<void> {
  const box = await grip.boundingBox();
  if (!box) throw new Error('The drag handle is not on screen.');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let step = 1; step <= 10; step += 1) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y + (distance * step) / 10 }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** Drags the grip down by `distance` CSS pixels with the mouse. */
async function mouseDrag(page: Page, grip: Locator, distance: number): Promise<void> {
  const box = await grip.boundingBox();
  if (!box) throw new Error('The drag handle is not on screen.');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + distance, { steps: 10 });
  await page.mouse.up();
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the dialog is a bottom sheet with native date and time inputs that closes when swiped down 35%', async ({ page, signInAs, expectNoAxeViolations }) => {
    await signInAs('student');
    const absence = await openAbsenceDialog(page);
    const { min, max } = await dateLimits(page.request);

    // Anchored to the bottom of the screen, full width, with a visible handle.
    const sheet = page.locator('[data-sheet]');
    await expect(async () => {
      const box = await sheet.boundingBox();
      const screen = await page.evaluate(() => ({ width: window.innerWidth, height: window.innerHeight }));
      expect(box).not.toBeNull();
      expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(screen.height);
      expect(box?.x).toBe(0);
      expect(Math.round(box?.width ?? 0)).toBe(screen.width);
    }).toPass();
    await expect(absence.dragHandle).toBeVisible();

    await expect(absence.startDate).toHaveAttribute('type', 'date');
    await expect(absence.startDate).toHaveAttribute('min', min);
    await expect(absence.endDate).toHaveAttribute('type', 'date');
    await expect(absence.endDate).toHaveAttribute('max', max);
    await expect(absence.startTime).toHaveAttribute('type', 'time');
    await expect(absence.startTime).toHaveValue('15:00');
    await absence.startDate.fill(min);
    await expect(absence.startDate).toHaveValue(min);
    await expectNoAxeViolations();

    const height = (await sheet.boundingBox())?.height ?? 0;
    expect(height).toBeGreaterThan(0);
    const restingY = (await sheet.boundingBox())?.y;

    // A fifth of its height with the mouse: it snaps back and stays open.
    await mouseDrag(page, absence.dragHandle, height * 0.2);
    await expect(absence.dialog).toBeVisible();
    await expect(async () => expect((await sheet.boundingBox())?.y).toBeCloseTo(restingY ?? 0, 0)).toPass();

    // Just under 35% with a finger: still open.
    await touchDrag(page, absence.dragHandle, height * 0.3);
    await expect(absence.dialog).toBeVisible();
    await expect(async () => expect((await sheet.boundingBox())?.y).toBeCloseTo(restingY ?? 0, 0)).toPass();

    // Half its height with a finger: it closes, after asking, since a date was entered (issue 20).
    await touchDrag(page, absence.dragHandle, height * 0.5);
    const question = absence.dialog.getByRole('alertdialog', { name: 'Discard this request?' });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Discard' }).click();
    await expect(absence.dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Request an absence' })).toBeVisible();
  });
});

// A dialog that closes while it still moves, as the screen turns between wide and phone (a phone
// rotated, a window resized): the switch from modal to sheet cancelled its way-in animation,
// react-aria waited for that animation for ever, and the dialog's invisible overlay took every
// click (a CI run of registerSafety.spec.ts). Animations run at a tenth of their speed here, so
// the switch lands inside one every time. 'Request Support' stays mounted while it closes, as most
// dialogs of the app do.
test.describe('turning the screen while a dialog closes', () => {
  async function slowAnimations(page: Page): Promise<void> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Animation.enable');
    await cdp.send('Animation.setPlaybackRate', { playbackRate: 0.1 });
  }

  async function expectGoneAndPageUsable(page: Page): Promise<void> {
    await expect(page.locator('.dialog-overlay')).toHaveCount(0);
    await page.getByRole('button', { name: 'Request Support' }).click({ timeout: 5_000 });
    await expect(page.getByRole('dialog', { name: 'Request Support' })).toBeVisible();
  }

  test('closed while it opens on a wide screen, then turned to a phone: it goes, and the page takes clicks', async ({ page, signInAs }) => {
    await signInAs('student');
    await page.setViewportSize({ width: 1280, height: 860 });
    await new AttendancePages(page).gotoCurrent();
    await slowAnimations(page);
    await page.getByRole('button', { name: 'Request Support' }).click();
    await expect(page.locator('.responsive-dialog[data-entering]')).toHaveCount(1);
    // Escape, not a click on Close: a click would wait for the dialog to stop moving.
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectGoneAndPageUsable(page);
  });
});
