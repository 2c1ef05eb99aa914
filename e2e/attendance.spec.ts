import type { Page } from '@playwright/test';
import { xsrfCookieName, xsrfHeaderName } from '../src/shared/contract/antiforgery';
import type { Timetable, TimetableEntry } from '../src/shared/contract/timetable';
import { expect, test } from './fixtures';
import { AttendancePages, fetchAnalysis, percentageText } from './pages/AttendancePages';
import { ErrorPages } from './pages/ErrorPages';
import { pageTime } from './support/clock';
import { useOwnServer } from './support/ownServer';

const eduroamMessage = 'You do not appear to be connected to the eduroam network.';

test.describe('attendance on the demo server (demo mode, loopback is campus)', () => {
  useOwnServer(test);
  // Sign-in and axe over long tables take a while on a busy machine.
  test.describe.configure({ timeout: 60_000 });
  test('the current page shows the figures of GET /api/attendance/analysis', async ({ page, signInAs, expectNoAxeViolations }) => {
    await signInAs('student');
    const attendance = new AttendancePages(page);
    await attendance.gotoCurrent();
    // Another test may register meanwhile: refresh and compare until page and API agree.
    await expect(async () => {
      await attendance.refresh.click();
      await expect(attendance.refresh).toBeEnabled();
      const analysis = await fetchAnalysis(page.request);
      const year = analysis.yearTallies[0];
      expect(year).toBeDefined();
      if (!year) return;
      await expect(attendance.percentage).toHaveText(percentageText(analysis.attendancePercentage), { timeout: 2000 });
      await expect(attendance.trend).toContainText(analysis.trend === 'Stable' ? 'Steady' : analysis.trend === 'Up' ? 'Going up' : 'Going down');
      await attendance.expectTallyRow(`Academic year ${year.academicYear}`, year.academicYear, year.tally, year.attendancePercentage);
      for (const module of analysis.moduleTallies.slice(0, 3)) {
        await attendance.expectTallyRow('By module', module.moduleCode, module.tally, module.attendancePercentage);
      }
    }).toPass({ timeout: 20_000 });
    await expect(page.getByText(/Updated \d{2}:\d{2}/).first()).toBeVisible();
    await expect(page.getByRole('table', { name: 'Classes this year' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Classes this year pages' })).toBeVisible();
    await expectNoAxeViolations();
  });

  test('the previous page lists each earlier academic year with its figures', async ({ page, signInAs, expectNoAxeViolations }) => {
    await signInAs('student');
    const attendance = new AttendancePages(page);
    await attendance.gotoPrevious();
    const analysis = await fetchAnalysis(page.request);
    const previous = analysis.yearTallies.slice(1);
    expect(previous.length).toBeGreaterThan(0);
    for (const year of previous) {
      await expect(page.getByRole('heading', { level: 2, name: `Academic year ${year.academicYear}` })).toBeVisible();
      await attendance.expectTallyRow('Previous academic years', year.academicYear, year.tally, year.attendancePercentage);
    }
    await expectNoAxeViolations();
  });

  test('the self-test says this device is on the campus network (loopback in demo mode)', async ({ page, signInAs, expectNoAxeViolations }) => {
    await signInAs('student');
    const attendance = new AttendancePages(page);
    await attendance.gotoCurrent();
    await attendance.checkConnection.click();
    await expect(attendance.networkStatus).toContainText('This device is on the campus network');
    await expectNoAxeViolations();
  });

  test('the home page summarises attendance', async ({ page, signInAs }) => {
    await signInAs('student');
    const widget = page.getByRole('region', { name: 'Attendance' });
    await expect(widget.getByText(/this year/)).toBeVisible();
    await expect(widget.getByRole('link', { name: 'See attendance' })).toBeVisible();
  });

  test('`lecturer` opening /attendance gets 401 - Unauthorized', async ({ page, signInAs }) => {
    await signInAs('lecturer');
    await page.goto('/attendance');
    await new ErrorPages(page).expectUnauthorized();
  });
});

/** The monitored class of today whose registration window is open (seed: a CS2041 lab). */
function openMonitoredClass(timetable: Timetable, now: number): TimetableEntry | undefined {
  return timetable.timetableEntries.find((entry) => {
    const data = entry.attendanceDataStudent;
    const start = Date.parse(entry.startTime);
    return data?.isAttendanceMonitored && !entry.isCancelled && Date.parse(data.registrationStart) <= now && now < start + 20 * 60_000;
  });
}

async function xsrfHeader(page: Page): Promise<Record<string, string>> {
  await page.request.get('/api/antiforgerytoken');
  const cookie = (await page.context().cookies()).find((c) => c.name === xsrfCookieName);
  expect(cookie).toBeDefined();
  return { [xsrfHeaderName]: decodeURIComponent(cookie?.value ?? '') };
}

test.describe('off the campus network (CAMPUS_NETWORKS excludes loopback, CAMPUS_DEMO_LOOPBACK=0)', () => {
  useOwnServer(test, { env: { CAMPUS_NETWORKS: '10.0.0.0/8', CAMPUS_DEMO_LOOPBACK: '0' } });

  test('the self-test shows the eduroam message and registering records nothing', async ({ page, signInAs, expectNoAxeViolations }) => {
    await signInAs('student');
    const attendance = new AttendancePages(page);
    await attendance.gotoCurrent();
    await attendance.checkConnection.click();
    await expect(attendance.networkStatus).toContainText(eduroamMessage);
    await expect(attendance.networkStatus).toContainText('Join the eduroam wireless network');
    await expectNoAxeViolations();

    const before = await fetchAnalysis(page.request);
    const timetable = (await (await page.request.get('/api/timetable')).json()) as Timetable;
    const entry = openMonitoredClass(timetable, await pageTime(page));
    expect(entry, 'the seed has a monitored class with an open window').toBeDefined();
    if (!entry) return;
    expect(entry.attendanceDataStudent?.isRegistered).toBe(false);

    const refused = await page.request.put('/api/attendance/register', {
      headers: await xsrfHeader(page),
      data: { timetableEntryRowId: entry.rowId, isAttendanceMonitored: true },
    });
    expect(refused.status()).toBe(400);
    const body = (await refused.json()) as { errors: Record<string, string[]> };
    expect(body.errors.NetworkConnection).toBeDefined();

    const after = (await (await page.request.get('/api/timetable')).json()) as Timetable;
    expect(after.timetableEntries.find((e) => e.rowId === entry.rowId)?.attendanceDataStudent?.isRegistered).toBe(false);
    const analysisAfter = await fetchAnalysis(page.request);
    expect(analysisAfter.attendanceCurrentAcademicYear).toEqual(before.attendanceCurrentAcademicYear);
    expect(analysisAfter.attendancePercentage).toBe(before.attendancePercentage);
  });
});
