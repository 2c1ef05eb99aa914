import type { Locator, Page } from '@playwright/test';
import type { Timetable, TimetableEntry } from '../src/shared/contract/timetable';
import { expect, test } from './fixtures';
import { RegisterPage } from './pages/RegisterPage';
import { TimetablePage } from './pages/TimetablePage';
import { pageTime } from './support/clock';
import { useOwnServer } from './support/ownServer';
import { signInOn } from './support/signIn';

// Issue 31 §5, proof of presence at check-in. The lecturer turns the check-in code on for the
// module on the register page and projects the code; a student registers with it, and a code
// older than 90 s is refused. The seed's CS2041 lab started at 08:50, five minutes before the
// server's clock starts; a long closing time keeps its registration open on the server however
// long the test takes (the cards' own 20-minute window is far off too).
useOwnServer(test, { env: { ATTENDANCE_CLOSE_MINUTES: '60' } });

const EXPIRED = 'That check-in code has expired. Enter the code your lecturer is showing now.';
const WRONG = 'That check-in code is not right. Check the code your lecturer is showing and try again.';

/** The CS2041 lab in progress now, from the signed-in user's timetable. */
async function labInProgress(page: Page): Promise<TimetableEntry> {
  const response = await page.request.get('/api/timetable');
  expect(response.status()).toBe(200);
  const { timetableEntries } = (await response.json()) as Timetable;
  const now = await pageTime(page);
  const entry = timetableEntries.find((e) => e.moduleCode === 'CS2041' && !e.isCancelled
    && Date.parse(e.startTime) <= now && now < Date.parse(e.startTime) + e.duration * 60_000);
  if (!entry) throw new Error('no CS2041 class in progress');
  return entry;
}

/** The lecturer's register of the lab, with the check-in code turned on and showing. */
async function projectCode(page: Page): Promise<{ lab: TimetableEntry; digits: Locator }> {
  const lab = await labInProgress(page);
  const register = new RegisterPage(page);
  await register.goto(lab.rowId);
  const requirement = page.getByRole('switch', { name: /^Students must enter the code shown here to register/ });
  if (!(await requirement.isChecked())) await requirement.click();
  await expect(requirement).toBeChecked();
  const digits = page.locator('.check-in-code__digits');
  await expect(digits).toHaveText(/^\d{3} \d{3}$/);
  await expect(page.getByRole('img', { name: /^QR code of the check-in code( \d){6}$/ })).toBeVisible();
  return { lab, digits };
}

const codeOf = async (digits: Locator): Promise<string> => (await digits.textContent() ?? '').replace(/\s/g, '');

/** A student's form for the lab on their timetable. */
async function checkInForm(page: Page, lab: TimetableEntry): Promise<{ form: Locator; field: Locator; submit: Locator }> {
  await new TimetablePage(page).goto();
  const form = page.getByRole('form', { name: new RegExp(`^Register attendance: CS2041 ${lab.eventType}`) });
  await expect(form).toBeVisible();
  return { form, field: form.getByLabel(/^Check-in code/), submit: form.getByRole('button', { name: 'Register attendance' }) };
}

test('the lecturer projects the check-in code, an old code is refused, and the student registers with the one on screen', async ({ page, newContext, signInAs, clock, expectNoAxeViolations }) => {
  test.setTimeout(120_000);
  await signInAs('lecturer');
  const { lab, digits } = await projectCode(page);
  await expect(page.getByText(/^New code in \d+ s$/)).toBeVisible();
  await expect(new RegisterPage(page).history).toContainText('Turned on the check-in code for CS2041');
  await expectNoAxeViolations();
  const first = await codeOf(digits);

  // 95 s on, the first code is past its 90 s; the projected one has moved on by itself.
  await clock.advance(95_000);
  await expect(digits).not.toHaveText(`${first.slice(0, 3)} ${first.slice(3)}`);

  const studentContext = await newContext();
  const studentPage = await studentContext.newPage();
  await signInOn(studentPage, 'student');
  const { form, field, submit } = await checkInForm(studentPage, lab);
  // Nothing typed: the form asks for the code and sends nothing.
  await submit.click();
  await expect(form.getByRole('alert')).toHaveText('Enter the 6-digit check-in code your lecturer is showing.');
  await field.fill(first);
  await submit.click();
  await expect(form.getByRole('alert')).toHaveText(EXPIRED);
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(studentPage);

  // The code on the lecturer's screen now works.
  await field.fill(await codeOf(digits));
  await submit.click();
  await expect(studentPage.getByText(/^Registered at \d{2}:\d{2}$|^Registered$/).first()).toBeVisible();
  await expect(new RegisterPage(page).row('Amara Okafor')).toContainText(/Registered at \d{2}:\d{2}/, { timeout: 20_000 });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the projected code and the student\'s code field fit and are accessible', async ({ page, newContext, signInAs, expectNoAxeViolations }) => {
    test.setTimeout(120_000);
    await signInAs('lecturer');
    const { lab, digits } = await projectCode(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations();

    const studentContext = await newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const studentPage = await studentContext.newPage();
    await signInOn(studentPage, 'student2');
    const { form, field, submit } = await checkInForm(studentPage, lab);
    const shown = await codeOf(digits);
    await field.fill(String((Number(shown) + 500_000) % 1_000_000).padStart(6, '0'));
    await submit.click();
    await expect(form.getByRole('alert')).toHaveText(WRONG);
    expect(await studentPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(studentPage);
  });
});
