import type { Page } from '@playwright/test';
import type { Timetable, TimetableEntry } from '../src/shared/contract/timetable';
import { expect, test } from './fixtures';
import { AbsenceDialog } from './pages/AbsenceDialog';
import { AppShell } from './pages/AppShell';
import { TimetablePage } from './pages/TimetablePage';
import { useOwnServer } from './support/ownServer';

/*
 * Issue 20, item 3: each class says where it stands, on home and on the timetable. Each screen
 * size has its own server, fresh at E2E_CLOCK_START (08:55): the seed's CS2041 lab started at
 * 08:50 (its window is open: the student registers for real), and a CS2052 lecture starts at 10:25
 * (seed/timetable.ts). The test's clock (the server's and the page's together) then moves on to
 * that lecture. Sessions last the morning here, so the jumps do not end the student's.
 */

const minute = 60_000;
const viewports = [
  { name: 'desktop', viewport: { width: 1280, height: 860 } },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
] as const;

async function studentTimetable(page: Page): Promise<TimetableEntry[]> {
  const response = await page.request.get('/api/timetable');
  expect(response.status()).toBe(200);
  return ((await response.json()) as Timetable).timetableEntries;
}

/** Today's seeded class of `code` at `now`: the lab that is on, or the lecture still to come. */
function seeded(entries: readonly TimetableEntry[], code: string, isOn: boolean, now: number): TimetableEntry {
  const entry = entries.find((e) => e.moduleCode === code && !e.isCancelled && e.attendanceDataStudent?.isAttendanceMonitored &&
    (isOn ? Date.parse(e.startTime) <= now && now < Date.parse(e.startTime) + e.duration * minute : Date.parse(e.startTime) > now));
  if (!entry) throw new Error(`no seeded ${code} class`);
  return entry;
}

/** The card of a class, wherever the page lists it. */
const card = (page: Page, entry: TimetableEntry) =>
  page.locator('li.event').filter({ hasText: `${entry.moduleCode} ${entry.moduleName}` }).filter({ has: page.locator(`time[datetime="${entry.startTime}"]`) });

/** 'HH:mm' of a London ISO value (the server's and the browser's zone). */
const wallTime = (iso: string) => iso.slice(11, 16);
/** A date field's value: DD/MM/YYYY in the desktop's masked field, YYYY-MM-DD in a phone's native one. */
const dateValue = (isoDate: string) => new RegExp(`^(${isoDate.split('-').reverse().join('/')}|${isoDate})$`);

for (const { name, ...device } of viewports) {
  test.describe(`on a ${name}`, () => {
    useOwnServer(test, { env: { SESSION_IDLE_MINUTES: '240' } });
    test.use(device);

    test('a student sees each class state on home and the timetable', async ({ page, clock, signInAs, expectNoAxeViolations }) => {
      test.setTimeout(120_000);
      await signInAs('student');
      const shell = new AppShell(page);
      const timetable = new TimetablePage(page);
      const entries = await studentTimetable(page);
      const startedAt = await clock.now();
      const lab = seeded(entries, 'CS2041', true, startedAt);
      const lecture = seeded(entries, 'CS2052', false, startedAt);

      // Registered: the lab's window is open now; the first run registers, the second finds it so.
      await timetable.goto();
      const labCard = card(page, lab);
      const register = labCard.getByRole('button', { name: /^Register attendance/ });
      await expect(register.or(labCard.getByText(/^Registered at \d{2}:\d{2}$/))).toBeVisible();
      if (await register.isVisible()) {
        await expect(labCard.getByText(/^Registration closes in \d{2}:\d{2}$/)).toBeVisible();
        await register.click();
        await expect(page.getByText('Your attendance has been registered.')).toBeVisible();
      }
      const registeredAt = seeded(await studentTimetable(page), 'CS2041', true, startedAt).attendanceDataStudent?.registeredAt ?? '';
      expect(registeredAt).not.toBe('');
      await expect(labCard.getByText(`Registered at ${wallTime(registeredAt)}`, { exact: true })).toBeVisible();
      await expect(labCard.getByText(/^In progress — \d+ min left$/)).toBeVisible();
      await expectNoAxeViolations();

      // Ten minutes into the lab: home lists it, registered.
      await clock.setTo(Math.max(Date.parse(lab.startTime) + 10 * minute, await clock.now()));
      await page.goto('/home');
      await expect(card(page, lab).getByText(`Registered at ${wallTime(registeredAt)}`, { exact: true })).toBeVisible();

      // Five minutes into the lecture: in progress, and the window closes in 15 minutes.
      const lectureStart = Date.parse(lecture.startTime);
      await clock.setTo(lectureStart + 5 * minute);
      await page.goto('/home');
      const lectureCard = card(page, lecture);
      await expect(lectureCard.getByText(/^In progress — 5[45] min left$/)).toBeVisible();
      const closes = lectureCard.getByText(/^Registration closes in 1[45]:\d{2}$/);
      await expect(closes).toBeVisible();
      const first = await closes.innerText();
      await expect.poll(() => closes.innerText(), { timeout: 5000 }).not.toBe(first);
      await expect(lectureCard.getByText('Next class', { exact: true })).toHaveCount(0);
      await expectNoAxeViolations();

      await shell.menuLink('Timetable').click();
      await expect(timetable.heading).toBeVisible();
      await expect(lectureCard.getByText(/^In progress — 5[45] min left$/)).toBeVisible();
      await expect(lectureCard.getByText(/^Registration closes in 1[45]:\d{2}$/)).toBeVisible();
      await expect(lectureCard.getByRole('button', { name: /^Register attendance/ })).toBeVisible();

      // 25 minutes in: the window closed without a registration; say what to do.
      await clock.setTo(lectureStart + 25 * minute);
      await expect(lectureCard.getByText(/^In progress — 3[45] min left$/)).toBeVisible();
      await expect(lectureCard.getByText('Registration closed — not registered', { exact: true })).toBeVisible();
      await expect(lectureCard.getByText(/^Contact the lecturer/)).toBeVisible();
      await expect(lectureCard.getByRole('button', { name: /^Register attendance/ })).toHaveCount(0);
      await expectNoAxeViolations();

      await shell.menuLink('Home').click();
      await expect(lectureCard.getByText('Registration closed — not registered', { exact: true })).toBeVisible();
      await expectNoAxeViolations();

      // The link opens 'Request an absence' with the lecture's dates and times filled in.
      await lectureCard.getByRole('link', { name: /^request an absence/ }).click();
      const dialog = new AbsenceDialog(page, 'Request an absence');
      await expect(dialog.dialog).toBeVisible();
      const lectureEnd = new Date(lectureStart + lecture.duration * minute);
      await expect(dialog.startDate).toHaveValue(dateValue(lecture.startTime.slice(0, 10)));
      await expect(dialog.startTime).toHaveValue(wallTime(lecture.startTime));
      await expect(dialog.endDate).toHaveValue(dateValue(lectureEnd.toLocaleDateString('en-CA', { timeZone: 'Europe/London' })));
      await expect(dialog.endTime).toHaveValue(lectureEnd.toLocaleTimeString('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit' }));
      await expect(dialog.allDay).not.toBeChecked();
      // The link's query goes once the dialog it asked for is open (a replace, after the route's loaders).
      await expect(page).toHaveURL((url) => url.search === '');
      await expectNoAxeViolations();
    });
  });
}
