import type { APIRequestContext, Page } from '@playwright/test';
import type { AttendanceAnalysis, AttendanceTally } from '../src/shared/contract/attendance';
import type { ClassRegister } from '../src/shared/contract/staffRegister';
import type { Timetable, TimetableEntry } from '../src/shared/contract/timetable';
import { expect, test } from './fixtures';
import { AttendancePages } from './pages/AttendancePages';
import { RegisterPage } from './pages/RegisterPage';
import { TimetablePage } from './pages/TimetablePage';
import { pageTime } from './support/clock';
import { useOwnServer } from './support/ownServer';
import { expectCards } from './support/phoneCards';
import { signInOn } from './support/signIn';

// Issue 15, lecturer register. Its own server: it registers, closes a register and marks
// students present. The seed's CS2041 lab started at 08:50, five minutes before the server's clock
// starts (E2E_CLOCK_START); a long closing time keeps its registration open however long the test takes.
useOwnServer(test, { env: { ATTENDANCE_CLOSE_MINUTES: '60' } });

/** The class of `moduleCode` in progress now, from the signed-in user's timetable. */
async function classInProgress(page: Page, moduleCode: string): Promise<TimetableEntry> {
  const response = await page.request.get('/api/timetable');
  expect(response.status()).toBe(200);
  const { timetableEntries } = (await response.json()) as Timetable;
  const now = await pageTime(page);
  const entry = timetableEntries.find((e) => e.moduleCode === moduleCode && !e.isCancelled
    && Date.parse(e.startTime) <= now && now < Date.parse(e.startTime) + e.duration * 60_000);
  if (!entry) throw new Error(`no ${moduleCode} class in progress`);
  return entry;
}

async function analysisOf(request: APIRequestContext): Promise<AttendanceAnalysis> {
  const response = await request.get('/api/attendance/analysis');
  expect(response.status()).toBe(200);
  return (await response.json()) as AttendanceAnalysis;
}

/** '3 of 23 registered', from the register the server holds (marked present counts). */
async function registeredText(request: APIRequestContext, eventRowId: number): Promise<string> {
  const response = await request.get(`/api/staff/register/${eventRowId}`);
  expect(response.status()).toBe(200);
  const { students } = (await response.json()) as ClassRegister;
  const present = students.filter((student) => student.state === 'Registered' || student.state === 'MarkedPresent').length;
  return `${present} of ${students.length} registered`;
}

const tallyOf = (analysis: AttendanceAnalysis, code: string): AttendanceTally => {
  const tally = analysis.moduleTallies.find((m) => m.moduleCode === code)?.tally;
  if (!tally) throw new Error(`no tally for ${code}`);
  return tally;
};

test('a lecturer sees a student register live, closes the register, and the student\'s attendance counts the class', async ({ page, newContext, signInAs, expectNoAxeViolations }) => {
  test.setTimeout(120_000);
  await signInAs('lecturer');
  const lab = await classInProgress(page, 'CS2041');

  // From the timetable: each class the lecturer teaches has 'Register'; the one on says how many
  // have registered (issue 34 §1).
  const timetable = new TimetablePage(page);
  await timetable.goto();
  const liveCount = page.locator(`#class-${lab.rowId}`).getByTestId('live-register-count');
  await expect(liveCount).toHaveText(await registeredText(page.request, lab.rowId));
  await expect(page.locator('li.event').getByTestId('live-register-count')).toHaveCount(1);
  await page.locator(`a[href="/timetable/register/${lab.rowId}"]`).click();
  const register = new RegisterPage(page);
  await expect(register.heading).toBeVisible();
  await expect(page.getByText(`${lab.moduleCode} ${lab.moduleName}`)).toBeVisible();
  await expect(register.status).toContainText('Registration is open until');
  await expect(register.row('Amara Okafor')).toContainText('Not yet');
  await expectNoAxeViolations();

  // The student, on their own device, registers from their timetable.
  const studentContext = await newContext();
  try {
    const studentPage = await studentContext.newPage();
    await signInOn(studentPage, 'student');
    const before = tallyOf(await analysisOf(studentPage.request), 'CS2041');
    const studentTimetable = new TimetablePage(studentPage);
    await studentTimetable.goto();
    await studentPage.getByRole('button', { name: new RegExp(`^Register attendance: CS2041 ${lab.eventType}`) }).click();
    await expect(studentPage.getByText(/^Registered at \d{2}:\d{2}$/).first()).toBeVisible();

    // The lecturer's page, untouched, shows it within a poll or two.
    await expect(register.row('Amara Okafor')).toContainText(/Registered at \d{2}:\d{2}/, { timeout: 20_000 });
    await expect(register.status).toContainText(/[1-9]\d* of \d+ registered/);
    // Back on the timetable, the live class's card counts her.
    const afterText = await registeredText(page.request, lab.rowId);
    await timetable.goto();
    await expect(liveCount).toHaveText(afterText);
    await page.locator(`a[href="/timetable/register/${lab.rowId}"]`).click();
    await expect(register.heading).toBeVisible();

    await register.closeNow.click();
    await page.getByRole('dialog', { name: 'Close the register' }).getByRole('button', { name: 'Close register' }).click();
    await expect(register.status).toContainText(/Register closed at \d{2}:\d{2}/);
    await expect(register.closeNow).toHaveCount(0);
    await expect(register.row('Amara Okafor')).toContainText('Attended');
    // Every student now has a result: no one is left 'Not yet'.
    await expect(register.students.getByText('Not yet')).toHaveCount(0);
    await expectNoAxeViolations();

    // The student's attendance page counts the class.
    const after = await analysisOf(studentPage.request);
    expect(tallyOf(after, 'CS2041')).toEqual({ ...before, total: before.total + 1, monitored: before.monitored + 1, attended: before.attended + 1 });
    const attendance = new AttendancePages(studentPage);
    await attendance.gotoCurrent();
    await attendance.openSection('Your classes in numbers');
    await attendance.refresh.click();
    const module = after.moduleTallies.find((m) => m.moduleCode === 'CS2041');
    await attendance.expectTallyRow('By module', 'CS2041', tallyOf(after, 'CS2041'), module?.attendancePercentage ?? null);
  } finally {
    await studentContext.close();
  }
});

// Issue 34 §1: the lecturer's class that is on says how many have registered, in every layout.
test.describe('on a wide screen, the week grid', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the class on says how many have registered, in the list and in the week grid, and each class links to its register', async ({ page, signInAs, expectNoAxeViolations }) => {
    await signInAs('lecturer');
    const lab = await classInProgress(page, 'CS2041');
    const timetable = new TimetablePage(page);
    await timetable.goto();
    const expected = await registeredText(page.request, lab.rowId);
    await expect(page.locator(`li.event#class-${lab.rowId}`).getByTestId('live-register-count')).toHaveText(expected);

    await page.getByRole('group', { name: 'Timetable layout' }).getByRole('button', { name: 'Week grid' }).click();
    const live = page.locator('.week-grid__live');
    await expect(live).toHaveCount(1);
    await expect(live).toContainText(`${lab.moduleCode} ${lab.moduleName} · ${lab.eventType}`);
    await expect(live.getByTestId('live-register-count')).toHaveText(expected);
    await expect(live.getByRole('link', { name: new RegExp(`^Register ?: ${lab.moduleCode} ${lab.eventType} at \\d{2}:\\d{2}$`) })).toHaveAttribute('href', `/timetable/register/${lab.rowId}`);
    // Every class the lecturer teaches this week links to its register from its block.
    const { timetableEntries } = (await (await page.request.get('/api/timetable')).json()) as Timetable;
    const blocks = page.locator('li.week-grid__event');
    await expect(blocks.first()).toBeVisible();
    const shown = await blocks.evaluateAll((items) => items.map((item) => Number(item.id.replace('class-', ''))));
    const taught = timetableEntries.filter((entry) => entry.isTaught === true && shown.includes(entry.rowId));
    expect(taught.length).toBeGreaterThan(0);
    for (const entry of taught) {
      await expect(page.locator(`li.week-grid__event#class-${entry.rowId}`).getByRole('link', { name: /^Register ?: / })).toHaveAttribute('href', `/timetable/register/${entry.rowId}`);
    }
    await expectNoAxeViolations();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the day view\'s card of the class on says how many have registered', async ({ page, signInAs, expectNoAxeViolations }) => {
    await signInAs('lecturer');
    const lab = await classInProgress(page, 'CS2041');
    const timetable = new TimetablePage(page);
    await timetable.goto();
    const card = page.locator(`section.day li.event#class-${lab.rowId}`);
    await expect(card.getByTestId('live-register-count')).toHaveText(await registeredText(page.request, lab.rowId));
    await expect(card.getByRole('link', { name: /^Register ?: / })).toBeVisible();
    await expectNoAxeViolations();
  });

  test('the register\'s students are cards, each status labelled, and Tab reaches a card\'s Mark present', async ({ page, signInAs, expectNoAxeViolations }) => {
    await signInAs('lecturer');
    // The lab on now: open, or closed by the test above; either way some student can be marked present.
    const lab = await classInProgress(page, 'CS2041');
    const register = new RegisterPage(page);
    await register.goto(lab.rowId);
    await expectCards(register.students, ['Status']);
    await page.getByRole('region', { name: 'Students on the register' }).focus();
    await page.keyboard.press('Tab');
    const markPresent = register.students.getByRole('button', { name: /^Mark present ?: / }).first();
    await expect(markPresent).toBeFocused();
    expect(await markPresent.evaluate((button) => `${getComputedStyle(button).outlineStyle} ${getComputedStyle(button).outlineWidth}`)).toBe('solid 3px');
    const button = await markPresent.boundingBox();
    const card = await markPresent.locator('xpath=ancestor::tr').boundingBox();
    if (!button || !card) throw new Error('the button or its card has no box');
    expect(button.y).toBeGreaterThanOrEqual(card.y);
    expect(button.y + button.height).toBeLessThanOrEqual(card.y + card.height);
    expect(button.x + button.width).toBeLessThanOrEqual(card.x + card.width);
    await expectNoAxeViolations();
  });

  test('the register and its move form fit and are accessible', async ({ page, signInAs, expectNoAxeViolations }) => {
    await signInAs('lecturer');
    // Any class the lecturer teaches will do: the first one of their timetable still on.
    const response = await page.request.get('/api/timetable');
    const { timetableEntries } = (await response.json()) as Timetable;
    const target = timetableEntries.find((e) => e.isTaught === true && !e.isCancelled);
    if (!target) throw new Error('the lecturer teaches no class');
    const register = new RegisterPage(page);
    await register.goto(target.rowId);
    await expect(register.students).toBeVisible();
    await expect(register.moveClass).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await expectNoAxeViolations();
  });
});
