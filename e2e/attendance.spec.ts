import type { Page } from '@playwright/test';
import { xsrfCookieName, xsrfHeaderName } from '../src/shared/contract/antiforgery';
import type { Trend } from '../src/shared/contract/attendance';
import type { Timetable, TimetableEntry } from '../src/shared/contract/timetable';
import { expect, test } from './fixtures';
import { AttendancePages, fetchAnalysis, percentageText } from './pages/AttendancePages';
import { ErrorPages } from './pages/ErrorPages';
import { E2E_CLOCK_START, moveServerClock, pageTime, runServerJob } from './support/clock';
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
    await attendance.openSection('Your classes in numbers');
    await attendance.openSection('Your classes');
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
    await attendance.moduleToggle('CS2041 Data Structures and Algorithms').click();
    await expect(page.getByRole('table', { name: 'Classes in CS2041 this year' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Classes in CS2041 this year pages' })).toBeVisible();
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
      await expect(attendance.sectionToggle(`Academic year ${year.academicYear}`)).toHaveAccessibleName(`Academic year ${year.academicYear} ${percentageText(year.attendancePercentage)}`);
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

  // Issue 34 §4, attendance at a glance: the summary and the student's own actions first, the
  // detail in sections that open on demand and stay as left on this device; the impact of each
  // absence said in words; a chart with an axis, a sentence and its figures on demand.
  for (const { name, viewport } of [
    { name: 'on a phone', viewport: { width: 390, height: 844 } },
    { name: 'on a wide screen', viewport: { width: 1280, height: 860 } },
  ]) {
    test.describe(`at a glance, ${name}`, () => {
      test.use({ viewport });
      const details = ['Week by week', 'Your classes in numbers', 'Compared with your peers', 'Your classes'];

      test('the summary comes first; the detail opens on demand and stays as left after a reload', async ({ page, signInAs, expectNoAxeViolations }) => {
        await signInAs('student');
        const attendance = new AttendancePages(page);
        await attendance.gotoCurrent();
        await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toHaveText('Your attendance this year');
        // How the summary looks at this width (the seed's figures at the suite's fixed clock).
        await expect(page.getByRole('region', { name: 'Your attendance this year' })).toHaveScreenshot(`attendance-summary-${viewport.width}.png`, {
          animations: 'disabled',
          maxDiffPixelRatio: 0.01,
        });
        for (const title of details) await expect(attendance.sectionToggle(title)).toHaveAttribute('aria-expanded', 'false');
        await expect(page.getByRole('table', { name: /^Classes in / })).toHaveCount(0);
        const records = (await fetchAnalysis(page.request)).attendanceCurrentAcademicYear.length;
        await expect(attendance.sectionToggle('Your classes')).toHaveAccessibleName(`Your classes ${records} classes`);
        // Each absence's impact in words beside its symbol, not only for screen readers.
        const impacts = attendance.absencesTable().locator('.absence-impact__label');
        await expect(impacts.first()).toBeVisible();
        for (const label of await impacts.all()) {
          await expect(label).toBeVisible();
          await expect(label).toHaveText(/^(Counts as missed|Authorised|Unknown)$/);
        }
        // Authorised is no green cross: its symbol takes the muted text colour.
        const authorised = attendance.absencesTable().locator('.absence-impact--authorised');
        await expect(authorised.first()).toBeVisible();
        for (const impact of await authorised.all()) {
          const [red = 0, green = 0, blue = 0] = (await impact.locator('svg').evaluate((svg) => getComputedStyle(svg).color)).match(/\d+/g)?.map(Number) ?? [];
          expect(green > red + 32 && green > blue + 32, `the Authorised cross is rgb(${red}, ${green}, ${blue})`).toBe(false);
        }
        await expectNoAxeViolations();

        await attendance.openSection('Your classes');
        await expect(attendance.moduleToggle('CS2041 Data Structures and Algorithms')).toBeVisible();
        await expectNoAxeViolations();
        await page.reload();
        await expect(attendance.sectionToggle('Your classes')).toHaveAttribute('aria-expanded', 'true');
        await expect(attendance.moduleToggle('CS2041 Data Structures and Algorithms')).toBeVisible();
        await expect(attendance.sectionToggle('Week by week')).toHaveAttribute('aria-expanded', 'false');
        await attendance.sectionToggle('Your classes').click();
        await page.reload();
        await expect(attendance.sectionToggle('Your classes')).toHaveAttribute('aria-expanded', 'false');
        await expect(page.getByRole('heading', { level: 3 })).toHaveCount(0);
      });

      test('this year\'s classes are a section per module, each remembered open or closed; the pager\'s disabled button looks disabled', async ({ page, signInAs, expectNoAxeViolations }) => {
        await signInAs('student');
        const attendance = new AttendancePages(page);
        await attendance.gotoCurrent();
        await attendance.openSection('Your classes');
        const { attendanceCurrentAcademicYear: records } = await fetchAnalysis(page.request);
        const modules = [...new Map(records.map((record) => [record.moduleCode, record.moduleName])).entries()].sort(([a], [b]) => a.localeCompare(b));
        expect(modules.length).toBeGreaterThan(1);
        const classes = (code: string) => records.filter((record) => record.moduleCode === code).length;
        // One closed section per module, in code order, each saying how many classes it holds.
        const toggles = page.getByRole('region', { name: /^Your classes/ }).getByRole('heading', { level: 3 }).getByRole('button');
        await expect(toggles).toHaveText(modules.map(([code, name]) => new RegExp(`^${code} ${name}`)));
        for (const [code, name] of modules) {
          const count = classes(code);
          await expect(attendance.moduleToggle(`${code} ${name}`)).toHaveAccessibleName(`${code} ${name} ${count === 1 ? '1 class' : `${count} classes`}`);
          await expect(attendance.moduleToggle(`${code} ${name}`)).toHaveAttribute('aria-expanded', 'false');
        }
        await expect(page.getByRole('table', { name: /^Classes in / })).toHaveCount(0);
        await expectNoAxeViolations();

        // Open one: its classes only, newest first, without a Module column.
        const [[code, name] = ['', ''], [otherCode, otherName] = ['', '']] = modules;
        await attendance.moduleToggle(`${code} ${name}`).click();
        const table = page.getByRole('table', { name: `Classes in ${code} this year` });
        await expect(table).toBeVisible();
        await expect(table.getByRole('columnheader')).toHaveText(['Date', 'Class', 'Result']);
        await expect(page.getByRole('navigation', { name: `Classes in ${code} this year pages` }).getByText(new RegExp(`(of|^All) ${classes(code)}$`))).toBeVisible();
        // The first page's 'Previous page' is disabled, and looks it without fading (issue 34 §5).
        const previous = page.getByRole('navigation', { name: `Classes in ${code} this year pages` }).getByRole('button', { name: 'Previous page' });
        await expect(previous).toBeDisabled();
        const look = await previous.evaluate((button) => {
          const style = getComputedStyle(button);
          return { opacity: style.opacity, border: style.borderTopStyle, color: style.color };
        });
        const muted = await page.evaluate(() => {
          const probe = document.createElement('span');
          probe.style.color = 'var(--color-text-muted)';
          document.body.append(probe);
          const color = getComputedStyle(probe).color;
          probe.remove();
          return color;
        });
        expect(look).toEqual({ opacity: '1', border: 'dashed', color: muted });
        await expectNoAxeViolations();

        // As left, after a reload: that module open, the others closed; closed again, it stays closed.
        await page.reload();
        await expect(attendance.moduleToggle(`${code} ${name}`)).toHaveAttribute('aria-expanded', 'true');
        await expect(table).toBeVisible();
        await expect(attendance.moduleToggle(`${otherCode} ${otherName}`)).toHaveAttribute('aria-expanded', 'false');
        await attendance.moduleToggle(`${code} ${name}`).click();
        await expect(table).toHaveCount(0);
        await page.reload();
        await expect(attendance.moduleToggle(`${code} ${name}`)).toHaveAttribute('aria-expanded', 'false');
        await expect(table).toHaveCount(0);
      });

      test('the chart has a 0–100% axis, a sentence, and every week\'s figures on demand, adding up to the year', async ({ page, signInAs, expectNoAxeViolations }) => {
        await signInAs('student');
        const attendance = new AttendancePages(page);
        await attendance.gotoCurrent();
        await attendance.openSection('Week by week');
        const chart = page.locator('.week-chart');
        await expect(chart.locator('.week-chart__tick')).toHaveText(['100%', '50%', '0%']);
        await expect(chart.getByTestId('week-chart-summary')).toHaveText(/^\d+ weeks? with classes: highest \d+(\.\d)?%, lowest \d+(\.\d)?%, latest \d+(\.\d)?%\.$/);
        const table = page.getByRole('table', { name: 'Attendance week by week' });
        await expect(table).toHaveCount(0);
        await page.getByRole('button', { name: 'Show the figures' }).click();
        await expect(table).toBeVisible();
        await expectNoAxeViolations();
        // The weeks add up to this year's tally (fetched after the page, so nothing registers between).
        const year = (await fetchAnalysis(page.request)).yearTallies[0];
        if (!year) throw new Error('the student has no attendance this year');
        const column = async (label: string) => (await table.locator(`tbody td[data-label="${label}"]`).allTextContents()).map(Number);
        const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
        expect(sum(await column('Attended'))).toBe(year.tally.attended + year.tally.assumedAttended);
        expect(sum(await column('Expected'))).toBe(year.tally.total - year.tally.cancelled - year.tally.authorisedAbsent);
        await page.getByRole('button', { name: 'Hide the figures' }).click();
        await expect(table).toHaveCount(0);
      });

      test('previous years are one row each, opening to their detail', async ({ page, signInAs, expectNoAxeViolations }) => {
        await signInAs('student');
        const attendance = new AttendancePages(page);
        await attendance.gotoPrevious();
        const previous = (await fetchAnalysis(page.request)).yearTallies.slice(1);
        const first = previous[0];
        if (!first) throw new Error('the student has no earlier years');
        for (const year of previous) await expect(attendance.sectionToggle(`Academic year ${year.academicYear}`)).toHaveAttribute('aria-expanded', 'false');
        await expect(page.getByRole('table', { name: `By module, ${first.academicYear}` })).toHaveCount(0);
        await expectNoAxeViolations();
        await attendance.openSection(`Academic year ${first.academicYear}`);
        await expect(page.getByRole('table', { name: `By module, ${first.academicYear}` })).toBeVisible();
        await expect(page.getByRole('table', { name: `Classes in ${first.academicYear}` })).toBeVisible();
        await expectNoAxeViolations();
      });
    });
  }
});

/** How the summary words each trend (features/attendance/attendanceView.ts). */
const trendTexts: Record<Trend, string> = {
  Up: 'Going up: better over the last 4 weeks than the 4 before',
  Down: 'Going down: lower over the last 4 weeks than the 4 before',
  Stable: 'Steady: about the same over the last 4 weeks as the 4 before',
};

// Issue 34 §4, the missed-in-a-row state (SPEC: 5, 10 and 20) in the summary, from the server's own
// records: the student goes to no class all week. The server's clock moves on to Saturday and its
// job closes the week's registers, recording every monitored class she did not register at as
// missed. From Wednesday's lab to Friday's workshop, five monitored classes follow one another
// with no unmonitored one (counted as attended) between them: five in a row.
test.describe('after a week of missed classes', () => {
  const server = useOwnServer(test);
  const saturdayMorning = Date.parse(E2E_CLOCK_START) + 5 * 86_400_000 + 60 * 60_000;
  test.beforeAll(async () => {
    await moveServerClock(server.baseURL, { to: saturdayMorning });
    await runServerJob(server.baseURL, 'attendance.closeRegisters');
  });

  for (const { name, viewport } of [
    { name: 'on a phone', viewport: { width: 390, height: 844 } },
    { name: 'on a wide screen', viewport: { width: 1280, height: 860 } },
  ]) {
    test.describe(name, () => {
      test.use({ viewport });
      test('the summary says five or more were missed in a row, with this year\'s percentage and trend', async ({ page, signInAs, expectNoAxeViolations }) => {
        await signInAs('student');
        const analysis = await fetchAnalysis(page.request);
        expect(analysis.hasCurrentConsecutiveMissedFive, 'the server counts five missed in a row').toBe(true);
        expect(analysis.hasCurrentConsecutiveMissedTen).toBe(false);
        const attendance = new AttendancePages(page);
        await attendance.gotoCurrent();
        const summary = page.getByRole('region', { name: 'Your attendance this year' });
        const banner = summary.getByRole('note', { name: 'Attendance warning' });
        await expect(banner).toBeVisible();
        await expect(banner.locator('.missed-warning__title')).toHaveText('You have missed your last 5 or more classes in a row');
        await expect(banner).toContainText('Missing several classes in a row can make it harder to keep up. If something is getting in the way, support is available.');
        await expect(banner.getByRole('link', { name: 'How to get help and contact Student Support' })).toBeVisible();
        await expect(attendance.percentage).toHaveText(percentageText(analysis.attendancePercentage));
        await expect(attendance.trend).toHaveText(trendTexts[analysis.trend]);
        await expectNoAxeViolations();
      });
    });
  }
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
