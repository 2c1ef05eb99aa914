import { beforeAll, describe, expect, it } from 'vitest';
import type { AttendanceResult } from '../../../../src/server/db/schema.domain.js';
import { academicYearLabelOf } from '../../../../src/server/calendar/academicCalendar.js';
import { checkConsecutiveMissed } from '../../../../src/server/features/notifications/attendanceAlerts.service.js';
import { useTestApp } from '../../../helpers/useTestApp.js';

describe('checkConsecutiveMissed', () => {
  const t = useTestApp();
  let studentId: number;
  let moduleId: number;
  /** Mid-term, so every class below is in the same academic year. */
  const now = new Date('2026-02-11T12:00:00Z');
  let hour = 0;

  beforeAll(async () => {
    ({ id: studentId } = await t.db
      .insertInto('users')
      .values({ user_name: 'alert.student', display_name: 'Alert Student', first_name: 'Alert', email: 'alert@campus.example.ac.uk', oidc_subject: null, student_id: 'S2499999', staff_job_family: null })
      .returning('id').executeTakeFirstOrThrow());
    await t.db.insertInto('user_roles').values({ user_id: studentId, role: 'Student' }).execute();
    ({ id: moduleId } = await t.db.insertInto('modules').values({ code: 'AL1000', name: 'Alerts' }).returning('id').executeTakeFirstOrThrow());
  });

  /** Records the next class (an hour after the previous one, all before `now`) with a result. */
  async function record(result: AttendanceResult): Promise<void> {
    hour += 1;
    const startsAt = new Date(now.getTime() - 100 * 3_600_000 + hour * 3_600_000);
    const { id } = await t.db
      .insertInto('timetable_events')
      .values({ module_id: moduleId, event_type: 'Lecture', room_id: null, starts_at: startsAt, duration_minutes: 50, is_monitored: true })
      .returning('id').executeTakeFirstOrThrow();
    await t.db.insertInto('attendance_records').values({ student_user_id: studentId, event_id: id, analysis_result: result, academic_year: academicYearLabelOf(startsAt) }).execute();
  }

  const check = () => checkConsecutiveMissed({ db: t.db, notifier: t.app.notifier }, studentId, now);
  const alerts = async () =>
    t.db.selectFrom('notifications').select(['title', 'notification_type', 'url']).where('user_id', '=', studentId).orderBy('id').execute();

  it('fires once, when the run reaches exactly 5', async () => {
    await record('Attended');
    for (let i = 0; i < 4; i += 1) await record(i === 1 ? 'AbsentInformed' : 'Absent');
    await record('Cancelled');
    expect(await check()).toBe(false);
    expect(await alerts()).toEqual([]);

    await record('Absent');
    expect(await check()).toBe(true);
    expect(await alerts()).toEqual([{ title: 'You have missed 5 classes in a row', notification_type: 'Attendance', url: '/attendance' }]);

    expect(await check()).toBe(false);
    await record('Absent');
    await record('AbsentAuthorised');
    expect(await check()).toBe(false);
    expect(await alerts()).toHaveLength(1);
  });

  it('fires again for a new run after the student attends', async () => {
    await record('Attended');
    expect(await check()).toBe(false);
    for (let i = 0; i < 5; i += 1) await record('Absent');
    const [first, second] = await Promise.all([check(), check()]);
    expect([first, second].filter(Boolean)).toHaveLength(1);
    expect(await alerts()).toHaveLength(2);
  });
});
