import type { APIRequestContext } from '@playwright/test';
import type { IcalSubscription, Timetable, TimetableEntry } from '../src/shared/contract/timetable';
import { expect, test } from './fixtures';
import { RegisterPage } from './pages/RegisterPage';
import { TimetablePage } from './pages/TimetablePage';
import { pageTime } from './support/clock';
import { useOwnServer } from './support/ownServer';
import { signInOn } from './support/signIn';

// Issue 15, moving a class. Its own server: it changes the timetable everyone shares.
useOwnServer(test);

async function timetableOf(request: APIRequestContext): Promise<TimetableEntry[]> {
  const response = await request.get('/api/timetable');
  expect(response.status()).toBe(200);
  return ((await response.json()) as Timetable).timetableEntries;
}

/** The SEQUENCE of a class's VEVENT in a calendar feed. */
async function feedSequence(request: APIRequestContext, feedUrl: string, rowId: number): Promise<number> {
  const feed = await (await request.get(new URL(feedUrl).pathname)).text();
  const vevent = feed.split('BEGIN:VEVENT').find((part) => part.includes(`UID:event-${rowId}@`));
  const sequence = vevent?.match(/\r\nSEQUENCE:(\d+)\r\n/)?.[1];
  if (sequence === undefined) throw new Error(`no SEQUENCE for class ${rowId} in the feed`);
  return Number(sequence);
}

/** 'HH:mm' of a London wall-clock ISO time, as the timetable shows it (the browser runs in Europe/London). */
const wallTime = (iso: string): string => iso.slice(11, 16);

test('a lecturer moves a class: the student\'s timetable shows the new time after a refresh, and the feed\'s SEQUENCE goes up', async ({ page, newContext, signInAs, expectNoAxeViolations }) => {
  test.setTimeout(120_000);
  // The student, on their device, has their timetable open and a calendar feed.
  const studentContext = await newContext();
  try {
    const studentPage = await studentContext.newPage();
    await signInOn(studentPage, 'student');
    const enabled = await studentPage.request.get('/api/timetable/ical/enable');
    expect(enabled.status()).toBe(200);
    const { feedUrl } = (await enabled.json()) as IcalSubscription;

    // A class of next week that the lecturer teaches and the student takes, at 09:00 or later.
    await signInAs('lecturer');
    const studentClasses = new Set((await timetableOf(studentPage.request)).map((e) => e.rowId));
    const inAWeek = (await pageTime(page)) + 7 * 24 * 3_600_000;
    const target = (await timetableOf(page.request)).find((e) => e.isTaught === true && !e.isCancelled && studentClasses.has(e.rowId)
      && Date.parse(e.startTime) > inAWeek - 24 * 3_600_000 && Number(wallTime(e.startTime).slice(0, 2)) <= 15);
    if (!target) throw new Error('no class to move');
    const date = target.startTime.slice(0, 10);
    const newTime = `${String(Number(wallTime(target.startTime).slice(0, 2)) + 2).padStart(2, '0')}:${wallTime(target.startTime).slice(3)}`;
    const sequenceBefore = await feedSequence(studentPage.request, feedUrl, target.rowId);

    const studentTimetable = new TimetablePage(studentPage);
    await studentTimetable.goto(`?week=${date}`);
    const studentCard = studentPage.locator('li.event').filter({ hasText: `${target.moduleCode} ${target.moduleName}` })
      .filter({ has: studentPage.locator(`time[datetime^="${date}"]`) });
    await expect(studentCard.first()).toContainText(wallTime(target.startTime));

    // The lecturer moves it two hours later from its register page, reached from their timetable.
    const timetable = new TimetablePage(page);
    await timetable.goto(`?week=${date}`);
    await page.locator(`a[href="/timetable/register/${target.rowId}"]`).click();
    const register = new RegisterPage(page);
    await expect(register.heading).toBeVisible();
    await expectNoAxeViolations();
    await register.setNewStart(date, newTime);
    await register.moveClass.click();
    // Two hours later may clash in the seed's busy week: the warning (registerSafety.spec.ts's
    // subject) is then accepted.
    const moved = page.getByText('Class moved; its students and staff have been told');
    const clashWarning = page.getByRole('dialog', { name: 'The new time clashes' });
    await expect(moved.or(clashWarning)).toBeVisible();
    if (await clashWarning.isVisible()) await clashWarning.getByRole('button', { name: 'Move anyway' }).click();
    await expect(moved).toBeVisible();
    await expect(page.locator('.register__when time')).toHaveText(`${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)} ${newTime}`);
    await expectNoAxeViolations();

    // The student refreshes: the new time.
    await studentPage.getByRole('button', { name: 'Refresh' }).click();
    const movedCard = studentPage.locator('li.event').filter({ hasText: `${target.moduleCode} ${target.moduleName}` })
      .filter({ has: studentPage.locator(`time[datetime^="${date}T${newTime}"]`) });
    await expect(movedCard).toHaveCount(1);
    await expect(movedCard).toContainText(newTime);

    // The calendar feed's event has a higher SEQUENCE, so calendar apps take the change.
    expect(await feedSequence(studentPage.request, feedUrl, target.rowId)).toBeGreaterThan(sequenceBefore);
  } finally {
    await studentContext.close();
  }
});
