import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { AdminImportsPage } from './pages/AdminImportsPage';
import { NotificationsPage } from './pages/NotificationsPage';
import { TimetablePage } from './pages/TimetablePage';
import { demoLecture, lectureMovedBundle } from './support/demoDelta';
import { useOwnServer } from './support/ownServer';
import { signInOn } from './support/signIn';

/*
 * Issue 30's acceptance: the university's timetabling system moves one class to another room. An
 * administrator uploads the change (a delta of one event) and sees a dry run with exactly one
 * event update; applies it; `student` sees the new room and is told; the revert brings the old room
 * back. The delta is made against the demo university (support/demoDelta.ts).
 */
useOwnServer(test);

const CLASS_DAY = demoLecture.day;
const NEW_ROOM = { id: 'ENG-0.01', name: 'Engineering Lecture Theatre 1' };
const OLD_ROOM_NAME = demoLecture.roomName;

/** The lecture's card on the student's timetable for its week. */
async function lectureCard(page: Page) {
  const timetable = new TimetablePage(page);
  await timetable.goto(`?week=${CLASS_DAY}`);
  return page.locator('li.event').filter({ hasText: 'CS2052' }).filter({ has: page.locator(`time[datetime^="${CLASS_DAY}T10:00"]`) });
}

test('an import that moves one class: a dry run of one update, applied, the student sees the new room and is told, and a revert brings the old room back', async ({ page, newContext, signInAs, expectNoAxeViolations }) => {
  test.setTimeout(150_000);
  const { path } = await lectureMovedBundle(NEW_ROOM.id);
  const studentContext = await newContext();
  try {
    const studentPage = await studentContext.newPage();
    await signInOn(studentPage, 'student');
    await expect(await lectureCard(studentPage)).toContainText(OLD_ROOM_NAME);

    // The administrator uploads the change and reads the dry run.
    await signInAs('admin');
    const imports = new AdminImportsPage(page);
    await imports.uploadFromAdminTabs(path);
    await expect(imports.state()).toHaveText('State: Ready to apply', { timeout: 30_000 });
    await expect(imports.countsOf('Timetable events')).toHaveText(['0', '1', '0', '0']);
    for (const records of ['Academic sessions', 'Organisations', 'Modules (courses)', 'Teaching groups (classes)', 'People (users)', 'Roles', 'Enrolments', 'Rooms', 'Absence categories']) {
      await expect(imports.countsOf(records), records).toHaveText(['0', '0', '0', '0']);
    }
    await imports.report().getByRole('button', { name: 'Apply import…' }).click();
    const applyDialog = imports.dialog('Apply this import?');
    await expect(applyDialog).toContainText('Create 0, update 1, deactivate 0.');
    await applyDialog.getByRole('button', { name: 'Apply import' }).click();
    await expect(imports.state()).toHaveText('State: Applied', { timeout: 30_000 });
    await expectNoAxeViolations();

    // The student refreshes their timetable: the new room. The class-change notification came.
    const card = await lectureCard(studentPage);
    await studentPage.getByRole('button', { name: 'Refresh' }).click();
    await expect(card).toContainText(NEW_ROOM.name);
    const notifications = new NotificationsPage(studentPage);
    await notifications.goto();
    await studentPage.getByRole('main').getByRole('button', { name: 'Refresh' }).click();
    const told = notifications.item('Moved: CS2052 Lecture');
    await expect(told).toHaveCount(1);
    await expect(told).toContainText(`Software Engineering lecture moves from Tue 6 Oct, 10:00 in ${OLD_ROOM_NAME} to Tue 6 Oct, 10:00 in ${NEW_ROOM.name}.`);

    // Reverted: the old room is back.
    await imports.report().getByRole('button', { name: 'Revert import…' }).click();
    await imports.dialog('Revert this import?').getByRole('button', { name: 'Revert import' }).click();
    await expect(imports.state()).toHaveText('State: Reverted', { timeout: 30_000 });
    const reverted = await lectureCard(studentPage);
    await studentPage.getByRole('button', { name: 'Refresh' }).click();
    await expect(reverted).toContainText(OLD_ROOM_NAME);
  } finally {
    await studentContext.close();
  }
});
