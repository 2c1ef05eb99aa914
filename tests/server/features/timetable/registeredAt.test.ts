import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../helpers/useTestApp.js';
import { fetchTimetable } from './support.js';

/** Issue 20, item 3: the timetable says when the student registered, for 'Registered at 09:02'. */

const t = useTestApp();

describe('GET /api/timetable: registeredAt', () => {
  it('is the stored registration time (London, with its offset) on registered classes, and absent on the others', async () => {
    const student = await t.signIn('student');
    const studentId = (await t.db.selectFrom('users').select('id').where('user_name', '=', 'student').executeTakeFirstOrThrow()).id;
    const before = await fetchTimetable(t.app, student);
    const open = before.timetableEntries.find(
      (e) => e.attendanceDataStudent && !e.attendanceDataStudent.isRegistered && !e.isCancelled && Date.parse(e.startTime) <= t.clock.nowMs(),
    );
    expect(open).toBeDefined();
    const registeredAt = new Date(Date.parse(open?.startTime ?? '') + 2 * 60_000);
    await t.db
      .insertInto('attendance_registrations')
      .values({ student_user_id: studentId, event_id: open?.rowId ?? 0, registered_at: registeredAt })
      .execute();

    const after = await fetchTimetable(t.app, student);
    const entry = after.timetableEntries.find((e) => e.rowId === open?.rowId);
    expect(entry?.attendanceDataStudent?.isRegistered).toBe(true);
    expect(entry?.attendanceDataStudent?.registeredAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    expect(Date.parse(entry?.attendanceDataStudent?.registeredAt ?? '')).toBe(registeredAt.getTime() - (registeredAt.getTime() % 1000));

    const unregistered = after.timetableEntries.filter((e) => e.attendanceDataStudent && !e.attendanceDataStudent.isRegistered);
    expect(unregistered.length).toBeGreaterThan(0);
    expect(unregistered.every((e) => e.attendanceDataStudent?.registeredAt === undefined)).toBe(true);
    const registered = after.timetableEntries.filter((e) => e.attendanceDataStudent?.isRegistered);
    expect(registered.every((e) => typeof e.attendanceDataStudent?.registeredAt === 'string')).toBe(true);
  });
});
