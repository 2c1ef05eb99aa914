import type { APIRequestContext, Page } from '@playwright/test';
import type { Timetable, TimetableEntry } from '../src/shared/contract/timetable';
import { expect, test } from './fixtures';
import { TimetablePage } from './pages/TimetablePage';
import { pageTime } from './support/clock';
import { useOwnServer } from './support/ownServer';
import { signInOn } from './support/signIn';

// Issue 15, an administrator moving and cancelling any class. Its own server: it changes the timetable everyone shares.
useOwnServer(test);

async function timetableOf(request: APIRequestContext): Promise<TimetableEntry[]> {
  const response = await request.get('/api/timetable');
  expect(response.status()).toBe(200);
  return ((await response.json()) as Timetable).timetableEntries;
}

/** 'HH:mm' of a London wall-clock ISO time, as the pages show it (the browser runs in Europe/London). */
const wallTime = (iso: string): string => iso.slice(11, 16);
/** 'DD/MM/YYYY HH:mm', as Admin › Classes names a class. */
const shownDate = (isoDate: string): string => isoDate.split('-').reverse().join('/');
const wallClock = (iso: string): string => `${shownDate(iso.slice(0, 10))} ${wallTime(iso)}`;

/** Narrows the admin class list to one module on one day, through the page's server-side filters. */
async function showClassesOf(page: Page, entry: TimetableEntry): Promise<void> {
  const [year, month, day] = entry.startTime.slice(0, 10).split('-');
  // The app's own date fields: DD/MM/YYYY, checked on leaving the field.
  for (const label of ['From (default today)', 'To (default 14 days on)']) {
    const field = page.getByLabel(label, { exact: true });
    await field.fill(`${day}/${month}/${year}`);
    await field.press('Tab');
  }
  await page.getByLabel('Module code or title').fill(entry.moduleCode);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByRole('status').filter({ hasText: /class(es)? match/ })).toContainText(/^[1-9]\d* class(es)? match/);
}

/** The student's card of a class on the timetable week shown: by module and by its start date and time. */
const studentCard = (page: Page, entry: TimetableEntry, start: string) =>
  page.locator('li.event').filter({ hasText: `${entry.moduleCode} ${entry.moduleName}` }).filter({ has: page.locator(`time[datetime^="${start}"]`) });

test('an administrator moves one class and cancels another from Admin › Classes; the student sees both after a refresh', async ({ page, newContext, signInAs, expectNoAxeViolations }) => {
  test.setTimeout(150_000);
  const studentContext = await newContext();
  try {
    const studentPage = await studentContext.newPage();
    await signInOn(studentPage, 'student');

    // Two of the student's classes later this week or next, still on, starting by 15:00 (so two hours later is the same day).
    const now = await pageTime(studentPage);
    const soon = now + 24 * 3_600_000;
    const later = now + 12 * 24 * 3_600_000;
    const candidates = (await timetableOf(studentPage.request)).filter((e) => !e.isCancelled && Date.parse(e.startTime) > soon
      && Date.parse(e.startTime) < later && Number(wallTime(e.startTime).slice(0, 2)) <= 15);
    const toMove = candidates[0];
    if (!toMove) throw new Error('the seed has no class to move');
    const date = toMove.startTime.slice(0, 10);
    const newTime = `${String(Number(wallTime(toMove.startTime).slice(0, 2)) + 2).padStart(2, '0')}:${wallTime(toMove.startTime).slice(3)}`;
    // The class to cancel must not start where the moved one lands: the page and the student's week
    // tell classes apart by module, day and start time.
    const cancellable = candidates.filter((e) => e.rowId !== toMove.rowId && e.startTime.slice(0, 16) !== `${date}T${newTime}`);
    const toCancel = cancellable.find((e) => e.startTime.slice(0, 10) === date) ?? cancellable[0];
    if (!toCancel) throw new Error('the seed has no second class to cancel');

    // The admin opens the Classes tab: today's and the next two weeks' classes.
    await signInAs('admin');
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Admin pages' }).getByRole('link', { name: 'Classes' }).click();
    await expect(page).toHaveURL(/\/admin\/classes$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Classes' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Classes' }).getByRole('row')).not.toHaveCount(1);
    await expectNoAxeViolations();

    // Move: two hours later, same day and room.
    await showClassesOf(page, toMove);
    await page.getByRole('button', { name: `Move or cancel ${toMove.moduleCode} on ${wallClock(toMove.startTime)}` }).click();
    const moveForm = page.getByRole('region', { name: `Move or cancel ${toMove.moduleCode} on ${wallClock(toMove.startTime)}` });
    await expect(moveForm.getByRole('heading')).toBeFocused();
    await expectNoAxeViolations();
    const newDate = moveForm.getByLabel('New date', { exact: true });
    await newDate.fill(`${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`);
    await newDate.press('Tab');
    await moveForm.getByLabel('New start time', { exact: true }).fill(newTime);
    await moveForm.getByRole('button', { name: 'Move class' }).click();
    // Two hours later may clash in the seed's busy week: the warning (registerSafety.spec.ts's
    // subject) is then accepted.
    const moved = page.getByText('Class moved; its students and staff have been told');
    const clashWarning = page.getByRole('dialog', { name: 'The new time clashes' });
    await expect(moved.or(clashWarning)).toBeVisible();
    if (await clashWarning.isVisible()) await clashWarning.getByRole('button', { name: 'Move anyway' }).click();
    await expect(moved).toBeVisible();
    await expect(moveForm).toHaveCount(0);
    const table = page.getByRole('table', { name: 'Classes' });
    await expect(table.getByRole('row').filter({ hasText: `${shownDate(date)} ${newTime}` }).filter({ hasText: toMove.moduleCode })).toHaveCount(1);

    // Cancel: confirm first.
    await showClassesOf(page, toCancel);
    await page.getByRole('button', { name: `Move or cancel ${toCancel.moduleCode} on ${wallClock(toCancel.startTime)}` }).click();
    const cancelForm = page.getByRole('region', { name: `Move or cancel ${toCancel.moduleCode} on ${wallClock(toCancel.startTime)}` });
    await cancelForm.getByRole('button', { name: 'Cancel class' }).click();
    await cancelForm.getByRole('button', { name: 'Yes, cancel class' }).click();
    await expect(page.getByText('Class cancelled; its students and staff have been told')).toBeVisible();
    const cancelledRow = table.getByRole('row').filter({ hasText: wallClock(toCancel.startTime) }).filter({ hasText: toCancel.moduleCode });
    await expect(cancelledRow).toContainText('Cancelled');
    await expect(cancelledRow.getByRole('button')).toHaveCount(0);

    // On a phone: the page and its move form stay accessible.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByRole('table', { name: 'Classes' })).toBeVisible();
    await expectNoAxeViolations();
    await page.getByRole('button', { name: /^Move or cancel / }).first().click();
    await expect(page.getByRole('button', { name: 'Move class' })).toBeVisible();
    await expectNoAxeViolations();

    // The student refreshes their timetable: the new time, and the cancellation.
    const timetable = new TimetablePage(studentPage);
    await timetable.goto(`?week=${date}`);
    await studentPage.getByRole('button', { name: 'Refresh' }).click();
    const movedCard = studentCard(studentPage, toMove, `${date}T${newTime}`);
    await expect(movedCard).toHaveCount(1);
    await expect(movedCard).toContainText(newTime);
    if (toCancel.startTime.slice(0, 10) !== date) await timetable.goto(`?week=${toCancel.startTime.slice(0, 10)}`);
    await expect(studentCard(studentPage, toCancel, toCancel.startTime.slice(0, 16))).toContainText('Cancelled');
  } finally {
    await studentContext.close();
  }
});
