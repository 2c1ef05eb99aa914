import { beforeAll, describe, expect, it } from 'vitest';
import { serverTimeRoute, type Timetable, timetableRoute, timetableSchema } from '../../../../src/shared/contract/timetable.js';
import { attendanceRegistration } from '../../../../src/shared/constants.js';
import { academicYearOf, londonInstant } from '../../../../src/server/calendar/academicCalendar.js';
import { LECTURER_MODULES, STUDENT_MODULES } from '../../../../src/server/db/seed/catalogue.js';
import type { Caller } from '../../../helpers/testApp.js';
import { useTestApp } from '../../../helpers/useTestApp.js';
import { codesOf, fetchTimetable, minutes } from './support.js';

const t = useTestApp();
let student: Caller;
let lecturer: Caller;
let studentTimetable: Timetable;
let lecturerTimetable: Timetable;

beforeAll(async () => {
  [student, lecturer] = [await t.signIn('student'), await t.signIn('lecturer')];
  [studentTimetable, lecturerTimetable] = [await fetchTimetable(t.app, student), await fetchTimetable(t.app, lecturer)];
});

async function userId(userName: string): Promise<number> {
  return (await t.db.selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow()).id;
}

/** The reference: events of `userName`'s teaching groups this academic year, straight from the tables. */
async function enrolledEvents(userName: string) {
  const year = academicYearOf(t.clock.now());
  return t.db
    .selectFrom('timetable_events as e')
    .innerJoin('enrolments as en', (j) => j.onRef('en.group_id', '=', 'e.group_id').on('en.academic_year', '=', year.label).on('en.is_active', '=', true))
    .where('en.student_user_id', '=', await userId(userName))
    .where('e.starts_at', '>=', londonInstant(year.start, '00:00'))
    .where('e.starts_at', '<', londonInstant(year.end, '00:00'))
    .select(['e.id', 'e.is_monitored', 'e.is_cancelled', 'e.starts_at'])
    .execute();
}

describe('GET /api/timetable', () => {
  it('answers in the contract shape, with ISO times carrying an offset', () => {
    expect(timetableSchema.safeParse(studentTimetable).success).toBe(true);
    const first = studentTimetable.timetableEntries[0];
    expect(first?.startTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    expect(first?.eventStart).toBe(first?.startTime);
    expect(first?.staff.length).toBeGreaterThan(0);
  });

  it('gives a student exactly the classes of their teaching groups this year, in start order', async () => {
    const reference = await enrolledEvents('student');
    const rowIds = studentTimetable.timetableEntries.map((e) => e.rowId);
    expect(rowIds.length).toBeGreaterThan(100);
    expect(new Set(rowIds)).toEqual(new Set(reference.map((e) => e.id)));
    expect(codesOf(studentTimetable)).toEqual(new Set(STUDENT_MODULES));
    const starts = studentTimetable.timetableEntries.map((e) => Date.parse(e.startTime));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('gives a lecturer the classes they teach, by module or by single event', () => {
    const codes = codesOf(lecturerTimetable);
    // CS1033 is taught in an earlier year; CS2063 only through one covered lab.
    const currentModules = LECTURER_MODULES.filter((code) => code !== 'CS1033');
    for (const code of currentModules) expect(codes).toContain(code);
    expect(lecturerTimetable.timetableEntries.filter((e) => e.moduleCode === 'CS2063')).toHaveLength(1);
    expect([...codes].sort()).toEqual([...currentModules, 'CS2063'].sort());
    expect([...codes].filter((code) => codesOf(studentTimetable).has(code)).length).toBeGreaterThanOrEqual(2);
    expect(lecturerTimetable.timetableEntries.every((e) => e.attendanceDataStudent === undefined)).toBe(true);
  });

  it('shows two students their own, different timetables', async () => {
    const other = await fetchTimetable(t.app, await t.signIn('student2'));
    expect(new Set(other.timetableEntries.map((e) => e.rowId))).toEqual(new Set((await enrolledEvents('student2')).map((e) => e.id)));
    expect(codesOf(other)).not.toEqual(codesOf(studentTimetable));
  });

  it('ignores any attempt to name another user', async () => {
    const otherId = await userId('student2');
    const response = await t.call(timetableRoute, { query: { userId: otherId, studentId: otherId }, as: student });
    expect(response.json()).toEqual(studentTimetable);
  });

  it('refuses staff without a timetable role', async () => {
    const response = await t.call(timetableRoute, { as: await t.signIn('staff') });
    expect(response.statusCode).toBe(403);
  });

  it('gives monitored classes attendanceDataStudent, opening registration before the start', async () => {
    const monitored = new Set((await enrolledEvents('student')).filter((e) => e.is_monitored).map((e) => e.id));
    expect(monitored.size).toBeGreaterThan(0);
    for (const entry of studentTimetable.timetableEntries) {
      expect(entry.attendanceDataStudent !== undefined).toBe(monitored.has(entry.rowId));
      if (!entry.attendanceDataStudent) continue;
      expect(entry.attendanceDataStudent.isAttendanceMonitored).toBe(true);
      expect(Date.parse(entry.startTime) - Date.parse(entry.attendanceDataStudent.registrationStart)).toBe(
        minutes(attendanceRegistration.opensMinutesBeforeStart),
      );
    }
  });

  it('marks the class a student registered at, and only that one', async () => {
    // The seed gives `student` a monitored class that started minutes ago, not yet registered.
    const open = studentTimetable.timetableEntries
      .filter((e) => e.attendanceDataStudent && !e.attendanceDataStudent.isRegistered && !e.isCancelled && Date.parse(e.startTime) <= t.clock.nowMs())
      .at(-1);
    expect(open).toBeDefined();
    const registeredIds = (timetable: Timetable) =>
      new Set(timetable.timetableEntries.filter((e) => e.attendanceDataStudent?.isRegistered).map((e) => e.rowId));
    const before = registeredIds(studentTimetable);
    const studentId = await userId('student');
    const rows = await t.db.selectFrom('attendance_registrations').select('event_id').where('student_user_id', '=', studentId).execute();
    const monitoredIds = new Set(studentTimetable.timetableEntries.filter((e) => e.attendanceDataStudent).map((e) => e.rowId));
    expect(before).toEqual(new Set(rows.map((r) => r.event_id).filter((id) => monitoredIds.has(id))));
    await t.db.insertInto('attendance_registrations').values({ student_user_id: studentId, event_id: open?.rowId ?? 0 }).execute();
    const after = registeredIds(await fetchTimetable(t.app, student));
    expect(after).toEqual(new Set([...before, open?.rowId]));
    // Another student on the same class is not registered by it.
    const other = await fetchTimetable(t.app, await t.signIn('student2'));
    expect(other.timetableEntries.find((e) => e.rowId === open?.rowId)?.attendanceDataStudent?.isRegistered).toBe(false);
  });

  it('flags cancelled classes', async () => {
    const cancelled = (await enrolledEvents('student')).filter((e) => e.is_cancelled).map((e) => e.id);
    expect(cancelled.length).toBeGreaterThan(0);
    const flagged = studentTimetable.timetableEntries.filter((e) => e.isCancelled).map((e) => e.rowId);
    expect(new Set(flagged)).toEqual(new Set(cancelled));
  });

  it('covers the current academic year, London midnight to London midnight', () => {
    const year = academicYearOf(t.clock.now());
    const start = Date.parse(studentTimetable.timetableDateRangeStart);
    const end = Date.parse(studentTimetable.timetableDateRangeEnd);
    expect(start).toBe(londonInstant(year.start, '00:00').getTime());
    expect(end).toBe(londonInstant(year.end, '00:00').getTime());
    expect(studentTimetable.timetableDateRangeStart).toMatch(/^\d{4}-09-\d{2}T00:00:00\+01:00$/);
    expect(start).toBeLessThanOrEqual(t.clock.nowMs());
    expect(end).toBeGreaterThan(t.clock.nowMs());
    for (const entry of studentTimetable.timetableEntries) {
      expect(Date.parse(entry.startTime)).toBeGreaterThanOrEqual(start);
      expect(Date.parse(entry.startTime)).toBeLessThan(end);
    }
  });

  it('revalidates with ETag: an unchanged timetable answers 304', async () => {
    const first = await t.call(timetableRoute, { as: lecturer });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\//);
    expect(first.headers['cache-control']).toBe('no-store');
    const second = await t.call(timetableRoute, { as: lecturer, headers: { 'if-none-match': etag } });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
  });
});

describe('GET /api/timetable/servertime', () => {
  it("returns the server's clock, never cached", async () => {
    const before = t.clock.nowMs();
    const response = await t.call(serverTimeRoute, { as: student });
    const serverTime = Date.parse(response.json<string>());
    expect(serverTime).toBeGreaterThanOrEqual(before - 1000);
    expect(serverTime).toBeLessThanOrEqual(t.clock.nowMs() + 1000);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
