import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/server/db/database.js';
import { academicYearOf, addMinutes, earlierAcademicYear, londonDate, londonInstant } from '../../../src/server/calendar/academicCalendar.js';
import { addLocalDays } from '../../../src/shared/rules/absences/dates.js';
import { seedDemoUniversity } from '../../../src/server/db/seed/seed.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/testDb.js';

/** Fixed days: a Monday in term, a Saturday, the Christmas break, August, a DST change just after midnight, late evening. */
const DAYS: readonly [string, string][] = [
  ['a Monday in autumn term', '2025-10-13T10:17:00Z'],
  ['a Saturday', '2025-11-15T14:02:00Z'],
  ['the Christmas break', '2025-12-30T09:40:00Z'],
  ['a day in August', '2026-08-12T16:25:00Z'],
  ['the spring clock change, just after midnight', '2026-03-29T00:04:00Z'],
  ['late evening', '2025-11-20T23:20:00Z'],
];

const opened: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(opened.map((t) => t.drop()));
});

async function userId(db: Db, userName: string): Promise<number> {
  return (await db.selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow()).id;
}

/** `student`'s events this academic year (those of the teaching groups they are in). */
function studentEvents(db: Db, studentId: number, label: string) {
  return db
    .selectFrom('timetable_events as e')
    .innerJoin('enrolments as en', (j) => j.onRef('en.group_id', '=', 'e.group_id').on('en.academic_year', '=', label).on('en.is_active', '=', true))
    .where('en.student_user_id', '=', studentId)
    .where('e.is_active', '=', true)
    .selectAll('e');
}

describe.each(DAYS)('the demo university seeded on %s', (_name, iso) => {
  const today = new Date(iso);
  const year = academicYearOf(today);
  let db: Db;
  let student: number;

  it('seeds the demo university', async () => {
    const test = await createTestDatabase('empty');
    opened.push(test);
    db = test.db;
    await seedDemoUniversity(db, { today });
    student = await userId(db, 'student');
  });

  it('gives `student` a class today and a monitored class within three hours', async () => {
    const day = londonDate(today);
    const events = await studentEvents(db, student, year.label)
      .where('e.starts_at', '>=', londonInstant(day, '00:00'))
      .where('e.starts_at', '<', londonInstant(addLocalDays(day, 1), '00:00'))
      .execute();
    expect(events.length).toBeGreaterThan(0);
    const upcoming = await studentEvents(db, student, year.label)
      .where('e.starts_at', '>=', addMinutes(today, 10))
      .where('e.starts_at', '<=', addMinutes(today, 180))
      .where('e.is_monitored', '=', true)
      .where('e.is_cancelled', '=', false)
      .execute();
    expect(upcoming.length).toBeGreaterThan(0);
  });

  it('has a monitored class for `student` that started minutes ago, with no registration yet', async () => {
    const open = await studentEvents(db, student, year.label)
      .where('e.starts_at', '<=', today)
      .where('e.starts_at', '>=', addMinutes(today, -15))
      .where('e.is_monitored', '=', true)
      .where('e.is_cancelled', '=', false)
      .execute();
    expect(open.length).toBeGreaterThan(0);
    const registered = await db.selectFrom('attendance_registrations').select('id').where('student_user_id', '=', student)
      .where('event_id', 'in', open.map((e) => e.id)).execute();
    expect(registered).toEqual([]);
  });

  it('has records for every ended class this year and for two previous years', async () => {
    const ended = await studentEvents(db, student, year.label).execute();
    const endedCount = ended.filter((e) => addMinutes(e.starts_at, e.duration_minutes) <= today).length;
    const records = await db.selectFrom('attendance_records').select(['academic_year', 'analysis_result'])
      .where('student_user_id', '=', student).execute();
    expect(records.filter((r) => r.academic_year === year.label)).toHaveLength(endedCount);
    for (const back of [1, 2]) {
      const label = earlierAcademicYear(year, back).label;
      expect(records.filter((r) => r.academic_year === label).length).toBeGreaterThan(20);
    }
    const results = new Set(records.map((r) => r.analysis_result));
    for (const result of ['Attended', 'AttendedAssumed', 'Absent', 'Cancelled']) expect(results).toContain(result);
  });

  it('has the lecturer teaching two of `student`\'s modules and a cohort of five or more on each', async () => {
    const lecturer = await userId(db, 'lecturer');
    const modules = await db.selectFrom('enrolments').select('module_id').distinct()
      .where('student_user_id', '=', student).where('academic_year', '=', year.label).execute();
    const moduleIds = modules.map((m) => m.module_id);
    expect(moduleIds).toHaveLength(5);
    const taught = await db.selectFrom('teaching_assignments as t').innerJoin('teaching_groups as g', 'g.id', 't.group_id')
      .select('g.module_id').distinct()
      .where('t.lecturer_user_id', '=', lecturer).where('g.module_id', 'in', moduleIds).execute();
    expect(taught.length).toBeGreaterThanOrEqual(2);
    const cohorts = await db.selectFrom('enrolments').select(['module_id', (eb) => eb.fn.count<number>('student_user_id').distinct().as('n')])
      .where('module_id', 'in', moduleIds).where('academic_year', '=', year.label)
      .where('student_user_id', '<>', student).groupBy('module_id').execute();
    expect(cohorts).toHaveLength(5);
    for (const row of cohorts) expect(row.n).toBeGreaterThanOrEqual(5);
  });

  it('has `student` absence requests in every status and categories of both types', async () => {
    const statuses = await db.selectFrom('absence_requests').select('status').distinct().where('student_user_id', '=', student).execute();
    expect(statuses.map((s) => s.status).sort()).toEqual(
      ['Approved', 'AwaitingEvidence', 'Cancelled', 'Denied', 'Pending', 'PendingCancellation'],
    );
    const types = await db.selectFrom('absence_categories').select('absence_type').distinct().execute();
    expect(types.map((t) => t.absence_type).sort()).toEqual(['Authorised', 'Informed']);
  });

  it('has profiles, tutors, resources and trending content', async () => {
    const profiles = await db.selectFrom('profiles').innerJoin('users', 'users.id', 'profiles.user_id')
      .select(['user_name', 'registration_status', 'study_level']).execute();
    const status = new Map(profiles.map((p) => [p.user_name, p.registration_status]));
    expect(status.get('student')).toBe('Registered-Enrolled');
    expect(status.get('student.unenrolled')).toBe('Registered-NotEnrolled');
    expect(status.get('student.unknown')).toBeNull();
    expect(await db.selectFrom('personal_tutors').select('student_user_id').execute()).toHaveLength(4);
    const categories = await db.selectFrom('resource_categories').select('id').execute();
    expect(categories.length).toBeGreaterThanOrEqual(6);
    expect((await db.selectFrom('trending_items').select('id').execute()).length).toBeGreaterThanOrEqual(8);
    expect((await db.selectFrom('notifications').select('id').where('user_id', '=', student).execute()).length).toBeGreaterThanOrEqual(2);
  });
});
