import type { Page } from '@playwright/test';
import type { ClassRegister } from '../src/shared/contract/staffRegister';
import type { Timetable, TimetableEntry } from '../src/shared/contract/timetable';
import { expect, test } from './fixtures';
import { RegisterPage } from './pages/RegisterPage';
import { pageTime } from './support/clock';
import { useOwnServer } from './support/ownServer';

/*
 * Issue 31 §4: registers and class changes ask first, are checked, and never go into the past.
 * Its own server: it closes a register and moves classes. The seed's CS2041 lab started at 08:50,
 * five minutes before the server's clock starts; a long closing time keeps its register open.
 */
useOwnServer(test, { env: { ATTENDANCE_CLOSE_MINUTES: '60' } });

const DAY = 24 * 3_600_000;
const desktop = { width: 1280, height: 860 };
const phone = { width: 390, height: 844 };

async function timetableOf(page: Page): Promise<TimetableEntry[]> {
  const response = await page.request.get('/api/timetable');
  expect(response.status()).toBe(200);
  return ((await response.json()) as Timetable).timetableEntries;
}

async function registerOf(page: Page, rowId: number): Promise<ClassRegister> {
  const response = await page.request.get(`/api/staff/register/${rowId}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as ClassRegister;
}

/** The lecturer's classes they may change (listed on them), still on, starting after `from`, soonest first. */
async function changeableClasses(page: Page, from: number): Promise<TimetableEntry[]> {
  const upcoming = (await timetableOf(page)).filter((e) => e.isTaught === true && !e.isCancelled && Date.parse(e.startTime) > from)
    .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
  const listed: TimetableEntry[] = [];
  // `canChange` false: a class another lecturer covers (only its own lecturers may change it).
  for (const entry of upcoming.slice(0, 12)) if ((await registerOf(page, entry.rowId)).canChange !== false) listed.push(entry);
  return listed;
}

/** Two classes on different days: the first will be moved onto the second's start. */
async function moveAndClash(page: Page, skip = 0): Promise<[TimetableEntry, TimetableEntry]> {
  const listed = await changeableClasses(page, (await pageTime(page)) + DAY);
  const toMove = listed[skip];
  const onto = listed.slice(skip + 1).find((e) => e.startTime.slice(0, 10) !== toMove?.startTime.slice(0, 10));
  if (!toMove || !onto) throw new Error('the lecturer has too few classes to move');
  return [toMove, onto];
}

const wallClock = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)} ${iso.slice(11, 16)}`;

test('closing asks first with the real count; an override after close asks for a reason, kept in the register\'s history', async ({ page, signInAs, expectNoAxeViolations }) => {
  test.setTimeout(90_000);
  await signInAs('lecturer');
  const now = await pageTime(page);
  const lab = (await timetableOf(page)).find((e) => e.moduleCode === 'CS2041' && e.isTaught === true && !e.isCancelled
    && Date.parse(e.startTime) <= now && now < Date.parse(e.startTime) + e.duration * 60_000);
  if (!lab) throw new Error('the seed has no CS2041 lab in progress');
  const notYet = (await registerOf(page, lab.rowId)).students.filter((s) => s.state === 'NotYet').length;
  expect(notYet).toBeGreaterThan(1);

  const register = new RegisterPage(page);
  await register.goto(lab.rowId);
  await register.closeNow.click();
  const confirm = page.getByRole('dialog', { name: 'Close the register' });
  await expect(confirm).toContainText(`Close the register? ${notYet} students not yet registered will be recorded absent.`);
  await expectNoAxeViolations();
  // Cancel keeps it open.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(register.status).toContainText('Registration is open until');
  // The same question on a phone, as a bottom sheet.
  await page.setViewportSize(phone);
  await register.closeNow.click();
  await expect(confirm).toContainText(`${notYet} students not yet registered will be recorded absent.`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  await expectNoAxeViolations();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await page.setViewportSize(desktop);

  await register.closeNow.click();
  await confirm.getByRole('button', { name: 'Close register' }).click();
  await expect(register.status).toContainText(/Register closed at \d{2}:\d{2}/);
  await expect(register.row('Amara Okafor')).toContainText('Absent');

  // Marking her present now changes a final record: a reason first (here on a phone).
  await page.setViewportSize(phone);
  await register.row('Amara Okafor').getByRole('button', { name: /^Mark present/ }).click();
  const override = page.getByRole('dialog', { name: 'Mark Amara Okafor present' });
  await override.getByRole('button', { name: 'Mark present' }).click();
  await expect(override.getByText('Give a short reason for changing a closed register.')).toBeVisible();
  await expect(override.getByLabel('Reason', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations();
  await override.getByLabel('Reason', { exact: true }).fill('Signed the paper register');
  await override.getByRole('button', { name: 'Mark present' }).click();
  await expect(override).toHaveCount(0);
  await expect(register.row('Amara Okafor')).toContainText('Attended');
  await expect(register.history.getByRole('listitem')).toHaveText([
    /Dr Helen Marsh: Closed the register\.$/,
    /Dr Helen Marsh: Marked Amara Okafor present\. Reason: Signed the paper register$/,
  ]);
  await expectNoAxeViolations();
});

test('a move into the past is refused with a clear message; a clashing move warns, and moving anyway is recorded with its reason', async ({ page, signInAs, expectNoAxeViolations }) => {
  test.setTimeout(90_000);
  await signInAs('lecturer');
  const [toMove, onto] = await moveAndClash(page);
  const register = new RegisterPage(page);
  await register.goto(toMove.rowId);
  await expect(register.newDate).toHaveValue(wallClock(toMove.startTime).slice(0, 10));

  // Yesterday, at the class's time: refused, and the class stays where it was.
  const yesterday = new Date((await pageTime(page)) - DAY).toISOString().slice(0, 10);
  await register.setNewStart(yesterday, toMove.startTime.slice(11, 16));
  await register.moveClass.click();
  await expect(page.getByRole('alert').filter({ hasText: 'A class cannot be moved to a time that has already begun.' })).toBeVisible();
  await expect(page.getByText('Choose a date and time still to come.')).toBeVisible();
  await expect(page.locator('.register__when time')).toHaveText(wallClock(toMove.startTime));
  await expectNoAxeViolations();

  // Onto another of the lecturer's classes: a warning listing the clashes.
  await register.setNewStart(onto.startTime.slice(0, 10), onto.startTime.slice(11, 16));
  await register.reason.fill('The lab is being refitted');
  await register.moveClass.click();
  const warning = page.getByRole('dialog', { name: 'The new time clashes' });
  await expect(warning.getByRole('listitem').filter({ hasText: `Lecturer: Dr Helen Marsh teaches ${onto.moduleCode} ${onto.eventType}` })).toBeVisible();
  await expectNoAxeViolations();
  const clashCount = await warning.getByRole('listitem').count();
  await warning.getByRole('button', { name: 'Move anyway' }).click();
  await expect(page.getByText('Class moved; its students and staff have been told')).toBeVisible();
  await expect(page.locator('.register__when time')).toHaveText(wallClock(onto.startTime));
  await expect(register.history.getByRole('listitem').last()).toContainText(
    `Dr Helen Marsh: Moved the class from`,
  );
  await expect(register.history.getByRole('listitem').last()).toContainText(
    `accepting ${clashCount} ${clashCount === 1 ? 'clash' : 'clashes'}. Reason: The lab is being refitted`,
  );
  await expectNoAxeViolations();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the close question, the past-move refusal and the clash warning fit and are accessible', async ({ page, signInAs, expectNoAxeViolations }) => {
    test.setTimeout(90_000);
    await signInAs('lecturer');
    const [toMove, onto] = await moveAndClash(page, 2);
    const register = new RegisterPage(page);
    await register.goto(toMove.rowId);
    // A class still to come: no closing it yet.
    await expect(register.closeNow).toHaveCount(0);

    const yesterday = new Date((await pageTime(page)) - DAY).toISOString().slice(0, 10);
    await register.setNewStart(yesterday, toMove.startTime.slice(11, 16));
    await register.moveClass.click();
    await expect(page.getByRole('alert').filter({ hasText: 'A class cannot be moved to a time that has already begun.' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations();

    await register.setNewStart(onto.startTime.slice(0, 10), onto.startTime.slice(11, 16));
    await register.moveClass.click();
    const warning = page.getByRole('dialog', { name: 'The new time clashes' });
    await expect(warning.getByRole('listitem').first()).toBeVisible();
    await expectNoAxeViolations();
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await expect(warning).toHaveCount(0);
    await expect(page.locator('.register__when time')).toHaveText(wallClock(toMove.startTime));
  });
});
