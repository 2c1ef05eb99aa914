import { beforeAll, describe, expect, it } from 'vitest';
import { clashingAttendanceRoute } from '../../../../src/shared/contract/absences.js';
import type { ClashingEvent } from '../../../../src/shared/contract/absences.js';
import { academicYearOf, addMinutes } from '../../../../src/server/calendar/academicCalendar.js';
import { londonWallClock } from '../../../../src/server/features/timetable/londonTime.js';
import type { Caller } from '../../../helpers/testApp.js';
import { useTestApp } from '../../../helpers/useTestApp.js';
import { userId } from '../attendance/support.js';

const t = useTestApp();
let student: Caller;
let event: { id: number; starts_at: Date; duration_minutes: number; name: string };

const local = (instant: Date): string => {
  const { date, time } = londonWallClock(instant);
  return `${date}T${time}`;
};

beforeAll(async () => {
  student = await t.signIn('student');
  const id = await userId(t.db, 'student');
  const now = t.clock.now();
  event = await t.db.selectFrom('timetable_events as e')
    .innerJoin('modules as m', 'm.id', 'e.module_id')
    .innerJoin('enrolments as en', (j) => j.onRef('en.module_id', '=', 'e.module_id').on('en.academic_year', '=', academicYearOf(now).label))
    .select(['e.id', 'e.starts_at', 'e.duration_minutes', 'm.name'])
    .where('en.student_user_id', '=', id).where('e.is_cancelled', '=', false).where('e.starts_at', '>', addMinutes(now, 24 * 60))
    .orderBy('e.starts_at').executeTakeFirstOrThrow();
});

const clashes = async (start: Date, end: Date): Promise<ClashingEvent[]> => {
  const response = await t.call(clashingAttendanceRoute, { query: { startDate: local(start), endDate: local(end) }, as: student });
  expect(response.statusCode).toBe(200);
  return response.json<ClashingEvent[]>();
};

describe('GET /api/attendance/absences/clashingattendance', () => {
  it('returns a class the start cuts through, with its module and times', async () => {
    const found = await clashes(addMinutes(event.starts_at, 10), addMinutes(event.starts_at, 600));
    const eventEnd = addMinutes(event.starts_at, event.duration_minutes);
    expect(found).toContainEqual({ moduleName: event.name, eventStart: expect.any(String), eventEnd: expect.any(String) });
    const match = found.find((c) => new Date(c.eventStart).getTime() === event.starts_at.getTime());
    expect(new Date(match?.eventEnd ?? '').getTime()).toBe(eventEnd.getTime());
  });

  it('returns a class the end cuts through', async () => {
    const found = await clashes(addMinutes(event.starts_at, -600), addMinutes(event.starts_at, 5));
    expect(found.some((c) => new Date(c.eventStart).getTime() === event.starts_at.getTime())).toBe(true);
  });

  it('does not return a class wholly inside or outside the range, nor a cancelled one', async () => {
    const inside = await clashes(addMinutes(event.starts_at, -1), addMinutes(event.starts_at, event.duration_minutes + 1));
    expect(inside.some((c) => new Date(c.eventStart).getTime() === event.starts_at.getTime())).toBe(false);
    await t.db.updateTable('timetable_events').set({ is_cancelled: true }).where('id', '=', event.id).execute();
    const cancelled = await clashes(addMinutes(event.starts_at, 10), addMinutes(event.starts_at, 20));
    await t.db.updateTable('timetable_events').set({ is_cancelled: false }).where('id', '=', event.id).execute();
    expect(cancelled.some((c) => new Date(c.eventStart).getTime() === event.starts_at.getTime())).toBe(false);
  });

  it('validates the query format', async () => {
    const response = await t.call(clashingAttendanceRoute, { query: { startDate: '2025-01-01', endDate: 'x' }, as: student });
    expect(response.statusCode).toBe(400);
  });
});
