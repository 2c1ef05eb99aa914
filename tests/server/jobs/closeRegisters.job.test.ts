import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockOf } from '../../../src/server/clock.js';
import { addMinutes } from '../../../src/server/calendar/academicCalendar.js';
import { closeRegistersJob } from '../../../src/server/jobs/closeRegisters.job.js';
import { scheduledJobs } from '../../../src/server/jobs/scheduledJobs.js';
import { createTestDatabase } from '../../helpers/testDb.js';
import { createTestApp, type TestApp } from '../../helpers/testApp.js';
import { TEST_CLOCK_START } from '../../helpers/testClock.js';

/**
 * The register-closing job wired into the server: scheduled with the others, and run by the
 * queue's worker with the app's clock, it closes the seeded class in progress once its window
 * (a short ATTENDANCE_CLOSE_MINUTES here) has passed.
 */
let t: TestApp;
let labId: number;

beforeAll(async () => {
  // Find the seeded monitored class in progress, to set the app's clock just past its window.
  const probe = await createTestDatabase('seeded');
  const lab = await probe.db
    .selectFrom('timetable_events as e')
    .innerJoin('modules as m', 'm.id', 'e.module_id')
    .select(['e.id', 'e.starts_at'])
    .where('m.code', '=', 'CS2041')
    .where('e.is_monitored', '=', true)
    .where('e.starts_at', '<=', new Date(TEST_CLOCK_START))
    .orderBy('e.starts_at', 'desc')
    .where('e.register_closed_at', 'is', null)
    .executeTakeFirstOrThrow();
  await probe.drop();
  labId = lab.id;
  const now = addMinutes(lab.starts_at, 3);
  t = await createTestApp({ ATTENDANCE_CLOSE_MINUTES: '2' }, 'seeded', { runJobs: true, clock: clockOf(() => now) });
});
afterAll(() => t.close());

describe('closeRegistersJob, wired', () => {
  it('is one of the jobs the server schedules, every minute', () => {
    expect(scheduledJobs).toContain(closeRegistersJob);
    expect(closeRegistersJob.cron).toBe('* * * * *');
  });

  it('closes the class in progress through the queue once its window has passed', async () => {
    const isClosed = async () =>
      (await t.db.selectFrom('timetable_events').select('register_closed_at').where('id', '=', labId).executeTakeFirstOrThrow())
        .register_closed_at !== null;
    // (No "still open" check first: the every-minute cron may already have run it with this clock.)
    const id = await t.app.jobs.send(closeRegistersJob.name);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const state = await t.app.jobs.jobState(closeRegistersJob.name, id);
      if (state === 'completed') break;
      if (state === 'failed' || Date.now() > deadline) throw new Error(`the job ended ${state ?? 'missing'}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    expect(await isClosed()).toBe(true);
    const records = await t.db.selectFrom('attendance_records').select('analysis_result').where('event_id', '=', labId).execute();
    expect(records.length).toBeGreaterThan(5);
  });
});
