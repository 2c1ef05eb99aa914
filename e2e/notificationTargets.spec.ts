import type { Page } from '@playwright/test';
import type { AbsenceRequest } from '../src/shared/contract/absences';
import { xsrfCookieName, xsrfHeaderName } from '../src/shared/contract/antiforgery';
import type { Timetable, TimetableEntry } from '../src/shared/contract/timetable';
import { expect, test, type PersonaName } from './fixtures';
import { AbsenceDialog } from './pages/AbsenceDialog';
import { NotificationsPage } from './pages/NotificationsPage';
import { TimetablePage } from './pages/TimetablePage';
import { addDays, getJson } from './support/absenceSpecs';
import { pageTime, runServerJob } from './support/clock';
import { useOwnServer } from './support/ownServer';
import { signInOn } from './support/signIn';

// Issue 34 §5: a notification opens its target. One about a class opens the class on the timetable
// (its day's week, scrolled to it, focused); one about an absence decision opens the request. Its
// own server: it moves classes and decides requests.
useOwnServer(test);
test.describe.configure({ timeout: 150_000 });

const desktop = { width: 1280, height: 860 };
const phone = { width: 390, height: 844 };
const noticeSweep = 'absences.decisionNotices.sweep';

async function xsrfHeader(page: Page): Promise<Record<string, string>> {
  await page.request.get('/api/antiforgerytoken');
  const cookie = (await page.context().cookies()).find((c) => c.name === xsrfCookieName);
  return { [xsrfHeaderName]: decodeURIComponent(cookie?.value ?? '') };
}

/** 'DD-MM-YYYY', the timetable's day key, of a London 'YYYY-MM-DD'. */
const dayKey = (isoDate: string): string => isoDate.split('-').reverse().join('-');

for (const [width, viewport] of [['desktop', desktop], ['phone', phone]] as const) {
  test.describe(`at ${width} width`, () => {
    const device = { viewport, ...(width === 'phone' ? { isMobile: true, hasTouch: true } : {}) };
    test.use(device);

    test('a class moved to another week: its notification opens the timetable on the new day, the class scrolled into view and focused', async ({ page, newContext, signInAs, clock, expectNoAxeViolations }) => {
      // The student has this week's timetable on their device, the class at its old time.
      await signInAs('student');
      const timetable = new TimetablePage(page);
      await timetable.goto();
      await expect(timetable.events.first()).toBeVisible();

      // A class of this week the lecturer teaches and the student takes, still to come: the latest
      // (desktop) or the one before it (phone), so the two tests move different classes.
      const lecturer = await newContext(device);
      const lecturerPage = await lecturer.newPage();
      await signInOn(lecturerPage, 'lecturer');
      const now = await pageTime(page);
      const taught = new Set((await getJson<Timetable>(lecturerPage.request, '/api/timetable')).timetableEntries
        .filter((e) => e.isTaught === true).map((e) => e.rowId));
      const thisWeek = (await getJson<Timetable>(page.request, '/api/timetable')).timetableEntries
        .filter((e) => taught.has(e.rowId) && !e.isCancelled && Date.parse(e.startTime) > now + 3_600_000 && Date.parse(e.startTime) < now + 4 * 86_400_000)
        .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
      const target: TimetableEntry | undefined = thisWeek.at(width === 'desktop' ? -1 : -2);
      if (!target) throw new Error('the seed has too few classes this week to move');
      // A week and a day later, same time: another week and another weekday.
      const newDate = addDays(target.startTime.slice(0, 10), 8);
      const newTime = target.startTime.slice(11, 16);
      const reason = `Room works (${width}).`;
      const moved = await lecturerPage.request.post(`/api/staff/timetable/events/${target.rowId}/move`, {
        headers: await xsrfHeader(lecturerPage),
        data: { newStart: `${newDate}T${newTime}:00`, confirmClashes: true, reason },
      });
      expect(moved.status(), await moved.text()).toBe(200);

      // Later, the student opens the notification from the notification centre.
      await clock.advance(2 * 60_000);
      const notifications = new NotificationsPage(page);
      await notifications.goto();
      const item = notifications.list.getByRole('listitem').filter({ hasText: reason });
      await expect(item.getByRole('heading', { level: 2 })).toHaveText(`Moved: ${target.moduleCode} ${target.eventType}`);
      await expectNoAxeViolations();
      await item.getByRole('link', { name: /^Open: Moved: / }).click();

      // The timetable opens on the class's new day, with the class (at its new time) in view and focused.
      await expect(page).toHaveURL(new RegExp(`/timetable\\?week=${newDate}#class-${target.rowId}$`));
      const card = page.locator(`#class-${target.rowId}`);
      await expect(card).toBeFocused();
      await expect(card).toBeInViewport();
      const start = card.locator('.event__time time').first();
      await expect(start).toHaveAttribute('datetime', new RegExp(`^${newDate}T${newTime}`));
      await expect(start).toHaveText(newTime);
      await expect(timetable.day(dayKey(newDate)).locator(`#class-${target.rowId}`)).toHaveCount(1);
      await expectNoAxeViolations();
    });

    test('an absence decision: its notification opens the request', async ({ page, newContext, signInAs, clock, baseURL, expectNoAxeViolations }) => {
      // The two tests decide different students' pending requests.
      const persona: PersonaName = width === 'desktop' ? 'student' : 'student2';
      await signInAs(persona);
      const request = (await getJson<AbsenceRequest[]>(page.request, '/api/attendance/absences/requests')).find((r) => r.absenceStatus === 'Pending');
      if (!request) throw new Error(`the seed gives ${persona} no pending request`);

      const office = await newContext(device);
      const officePage = await office.newPage();
      await signInOn(officePage, 'staff');
      const message = `Approved: see you after the appointment (${width}).`;
      const decided = await officePage.request.post(`/api/staff/absences/${request.rowId}/decision`, {
        headers: await xsrfHeader(officePage),
        data: { absenceStatus: 'Approved', messageToStudent: message, lastModified: request.lastModified },
      });
      expect(decided.status(), await decided.text()).toBe(200);
      // The student is told once the ten seconds to undo have passed.
      await clock.advance(11_000);
      await runServerJob(baseURL ?? '', noticeSweep);
      await clock.advance(2 * 60_000);

      const notifications = new NotificationsPage(page);
      await notifications.goto();
      await expectNoAxeViolations();
      await notifications.open('Absence request approved').first().click();

      // The attendance page, with that request open (and the link's parameter gone).
      const dialog = new AbsenceDialog(page, 'Absence request');
      await expect(dialog.dialog).toBeVisible();
      await expect(page).toHaveURL(/\/attendance\/current$/);
      await expect(dialog.dialog).toContainText(message);
      await expect(dialog.dialog).toContainText('This absence is in read-only mode so cannot be edited.');
      await expectNoAxeViolations();
    });
  });
}
