import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMinutes } from '../../../src/server/calendar/academicCalendar.js';
import { closeDueRegisters } from '../../../src/server/features/attendance/closeRegisters.service.js';
import { TEST_CLOCK_START } from '../../helpers/testClock.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/testDb.js';

/** The demo stays lively: a monitored class is in progress at start-up, its register still open. */
describe('the seeded class in progress', () => {
  /** The instant the template was seeded at. */
  const seededAt = new Date(TEST_CLOCK_START);
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('seeded');
  });
  afterAll(async () => {
    await t.drop();
  });

  const openLab = () =>
    t.db
      .selectFrom('timetable_events as e')
      .innerJoin('modules as m', 'm.id', 'e.module_id')
      .select(['e.id', 'e.starts_at', 'e.register_closed_at'])
      .where('m.code', '=', 'CS2041')
      .where('e.is_monitored', '=', true)
      .where('e.starts_at', '<=', seededAt)
      .where('e.register_closed_at', 'is', null)
      .execute();

  it('is open, and the default close (20 minutes after the start) leaves it open for now', async () => {
    const [lab] = await openLab();
    if (!lab) throw new Error('no CS2041 lab in progress');
    // A minute before its window closes (the seed started it 5 to 10 minutes before seeding).
    const due = await closeDueRegisters(t.db, { closeMinutes: 20, now: addMinutes(lab.starts_at, 19) });
    expect(due.classes).toBe(0);
  });

  it('closes at the first run once ATTENDANCE_CLOSE_MINUTES is short, writing its students\' records', async () => {
    const [lab] = await openLab();
    if (!lab) throw new Error('no CS2041 lab in progress');
    const closed = await closeDueRegisters(t.db, { closeMinutes: 1, now: addMinutes(lab.starts_at, 2) });
    expect(closed.classes).toBe(1);
    expect(await openLab()).toEqual([]);
    const records = await t.db.selectFrom('attendance_records').select('analysis_result').where('event_id', '=', lab.id).execute();
    expect(records.length).toBeGreaterThan(5);
    expect(records.every((r) => r.analysis_result === 'Absent')).toBe(true);
  });
});
