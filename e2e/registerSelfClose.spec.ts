import type { Timetable } from '../src/shared/contract/timetable';
import { expect, test } from './fixtures';
import { RegisterPage } from './pages/RegisterPage';
import { useOwnServer } from './support/ownServer';

/*
 * The register closes itself: the one e2e spec whose server runs its jobs on their real schedule
 * (SCHEDULED_JOBS=1; every other spec runs a job when it needs it). The seed's CS2041 lab started
 * at 08:50, five minutes before the server's clock starts (E2E_CLOCK_START), and its registration
 * closes 20 minutes after it starts (ATTENDANCE_CLOSE_MINUTES). The test's clock moves past that;
 * the close-registers job, on its every-minute schedule, then closes the register, and the
 * lecturer's open page shows it.
 */
useOwnServer(test, { env: { SCHEDULED_JOBS: '1' } });

const minute = 60_000;

test('a register left open closes itself at its closing time, on the job\'s own schedule', async ({ page, clock, signInAs, expectNoAxeViolations }) => {
  // The schedule ticks once a minute of real time: the job may take up to two ticks to come round.
  test.setTimeout(180_000);
  await signInAs('lecturer');
  const now = await clock.now();
  const { timetableEntries } = (await (await page.request.get('/api/timetable')).json()) as Timetable;
  const lab = timetableEntries.find((e) => e.moduleCode === 'CS2041' && e.isTaught === true && !e.isCancelled
    && Date.parse(e.startTime) <= now && now < Date.parse(e.startTime) + e.duration * minute);
  if (!lab) throw new Error('the seed has no CS2041 lab in progress');

  const register = new RegisterPage(page);
  await register.goto(lab.rowId);
  await expect(register.status).toContainText('Registration is open until');
  await expect(register.closeNow).toBeVisible();
  await expect(register.row('Amara Okafor')).toContainText('Not yet');

  // Half a minute past its closing time, nobody has closed it by hand.
  await clock.setTo(Date.parse(lab.startTime) + 20 * minute + 30_000);
  await expect(register.status).toContainText(/Register closed at \d{2}:\d{2}/, { timeout: 150_000 });
  await expect(register.closeNow).toHaveCount(0);
  // Every student has a result: whoever did not register was absent.
  await expect(register.students.getByText('Not yet')).toHaveCount(0);
  await expect(register.row('Amara Okafor')).not.toContainText('Attended');
  await expectNoAxeViolations();
});
