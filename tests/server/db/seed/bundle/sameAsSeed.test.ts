import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../../../src/server/db/database.js';
import { academicYearOf, earlierAcademicYear } from '../../../../../src/server/calendar/academicCalendar.js';
import { seedDemoUniversity } from '../../../../../src/server/db/seed/seed.js';
import { generateDemoBundle } from '../../../../../src/server/db/seed/bundle/index.js';
import { createTestDatabase, type TestDatabase } from '../../../../helpers/testDb.js';
import { type CsvRow, parseBundle } from './bundleTestKit.js';

/**
 * The bundle is the seed's university: seeded into a database and generated as a bundle for the
 * same instant, they have the same rooms, modules, people, profiles, tutors, enrolments and (in
 * the lecture groups and groups A, which keep the seed's times) the same classes and
 * cancellations. The bundle copies a few lists the seed does not export (rooms, cohort names);
 * this is what keeps the copies true.
 */

const opened: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(opened.map((t) => t.drop()));
});

const sorted = (items: readonly string[]) => [...items].sort();

describe.each([
  ['a Monday morning', '2026-10-05T08:55:00+01:00'],
  ['a Sunday night', '2026-10-11T23:55:00+01:00'],
])('the demo bundle and the seed on %s', (_name, iso) => {
  const today = new Date(iso);
  const { rows } = parseBundle(generateDemoBundle(today));
  const users = new Map(rows['users.csv'].map((u) => [u.sourcedId ?? '', u]));
  const classes = new Map(rows['classes.csv'].map((c) => [c.sourcedId ?? '', c]));
  const courses = new Map(rows['courses.csv'].map((c) => [c.sourcedId ?? '', c]));
  const years = new Map(rows['academicSessions.csv'].map((s) => [s.sourcedId ?? '', s]));
  const current = academicYearOf(today);
  const labelOf = (yearId: string) =>
    [current, earlierAcademicYear(current, 1), earlierAcademicYear(current, 2)].find((y) => years.get(yearId)?.startDate === y.start)?.label ?? '?';
  const courseOfClass = (classId: string) => courses.get(classes.get(classId)?.courseSourcedId ?? '');
  /** Lecture groups and groups A: the seed's own times. */
  const isSeedGroup = (classId: string) => /-(LEC|[A-Z]{3}-A)$/.test(classes.get(classId)?.classCode ?? '');
  let db: Db;

  it('seeds the demo university', async () => {
    const test = await createTestDatabase('empty');
    opened.push(test);
    db = test.db;
    await seedDemoUniversity(db, { today });
  });

  it('has the same rooms and modules', async () => {
    const rooms = await db.selectFrom('rooms').innerJoin('buildings', 'buildings.id', 'rooms.building_id')
      .select(['rooms.id', 'rooms.name', 'rooms.floor', 'rooms.latitude', 'rooms.longitude', 'buildings.name as building']).execute();
    expect(sorted(rows['ext.rooms.csv'].map((r) => [r.sourcedId, r.name, r.floor, r.latitude, r.longitude, r.building].join('|'))))
      .toEqual(sorted(rooms.map((r) => [r.id, r.name, r.floor, r.latitude, r.longitude, r.building].join('|'))));
    const modules = await db.selectFrom('modules').select(['code', 'name']).execute();
    expect(sorted(rows['courses.csv'].map((c) => `${c.courseCode}|${c.title}`))).toEqual(sorted(modules.map((m) => `${m.code}|${m.name}`)));
  });

  it('has every seeded user, with the same names, numbers, emails and profile', async () => {
    const seeded = await db.selectFrom('users').leftJoin('profiles', 'profiles.user_id', 'users.id')
      .select(['user_name', 'display_name', 'first_name', 'email', 'student_id', 'staff_job_family', 'study_level', 'registration_status', 'programme', 'school', 'is_student_visa_holder'])
      .execute();
    const orgs = new Map(rows['orgs.csv'].map((o) => [o.sourcedId ?? '', o.name ?? '']));
    for (const u of seeded) {
      const row: CsvRow | undefined = users.get(u.user_name);
      expect(row, u.user_name).toBeDefined();
      expect(u.display_name.endsWith(`${row?.givenName} ${row?.familyName}`), u.user_name).toBe(true);
      expect([row?.givenName, row?.email, row?.identifier || null, row?.['metadata.cc.staffJobFamily'] || null], u.user_name)
        .toEqual([u.first_name, u.email, u.student_id, u.staff_job_family]);
      expect([
        row?.['metadata.cc.studyLevel'] ? Number(row['metadata.cc.studyLevel']) : null, row?.['metadata.cc.registrationStatus'] || null,
        row?.['metadata.cc.programme'] || null, orgs.get(row?.primaryOrgSourcedId ?? ''), row?.['metadata.cc.isStudentVisaHolder'] === 'true',
      ], u.user_name).toEqual([u.study_level, u.registration_status, u.programme, u.school, u.is_student_visa_holder]);
    }
    // The lecturers the seed names only as text are users in the bundle.
    expect(sorted([...users.keys()].filter((name) => !seeded.some((u) => u.user_name === name)))).toEqual(['g.liu', 'o.price', 'r.ellis', 't.avery']);
  });

  it('has the same personal tutors', async () => {
    const tutors = await db.selectFrom('personal_tutors')
      .innerJoin('users as s', 's.id', 'personal_tutors.student_user_id')
      .leftJoin('users as t', 't.id', 'personal_tutors.tutor_user_id')
      .select(['s.user_name as student', 't.email as userEmail', 'personal_tutors.tutor_email as email']).execute();
    const inBundle = rows['users.csv'].filter((u) => u['metadata.cc.personalTutorSourcedId'])
      .map((u) => `${u.sourcedId}|${users.get(u['metadata.cc.personalTutorSourcedId'] ?? '')?.email}`);
    expect(sorted(inBundle)).toEqual(sorted(tutors.map((t) => `${t.student}|${t.userEmail ?? t.email}`)));
  });

  it('enrols the same students on the same modules in the same years', async () => {
    const seeded = await db.selectFrom('enrolments').innerJoin('users', 'users.id', 'enrolments.student_user_id')
      .innerJoin('modules', 'modules.id', 'enrolments.module_id').select(['user_name', 'code', 'academic_year']).execute();
    const inBundle = rows['enrollments.csv'].filter((e) => e.role === 'student' && classes.get(e.classSourcedId ?? '')?.classCode?.endsWith('-LEC'))
      .map((e) => {
        const course = courseOfClass(e.classSourcedId ?? '');
        return `${e.userSourcedId}|${course?.courseCode}|${labelOf(course?.schoolYearSourcedId ?? '')}`;
      });
    expect(sorted(inBundle)).toEqual(sorted(seeded.map((e) => `${e.user_name}|${e.code}|${e.academic_year}`)));
  });

  it('has the seed\'s classes, cancellations and cover in its lecture groups and groups A', async () => {
    const seeded = await db.selectFrom('timetable_events').innerJoin('modules', 'modules.id', 'timetable_events.module_id')
      .select(['timetable_events.id', 'code', 'event_type', 'starts_at', 'duration_minutes', 'room_id', 'is_monitored', 'is_cancelled']).execute();
    const key = (code: string, type: string, start: number, minutes: number, room: string | null, monitored: boolean, cancelled: boolean) =>
      [code, type, new Date(start).toISOString(), minutes, room, monitored, cancelled].join('|');
    const inBundle = rows['ext.events.csv'].filter((e) => isSeedGroup(e.classSourcedId ?? '')).map((e) => key(
      courseOfClass(e.classSourcedId ?? '')?.courseCode ?? '', e.eventType ?? '', Date.parse(e.start ?? ''),
      (Date.parse(e.end ?? '') - Date.parse(e.start ?? '')) / 60_000, e.roomSourcedId || null, e.isAttendanceMonitored === 'true', e.eventStatus === 'cancelled',
    ));
    expect(sorted(inBundle)).toEqual(sorted(seeded.map((e) => key(e.code, e.event_type, e.starts_at.getTime(), e.duration_minutes, e.room_id, e.is_monitored, e.is_cancelled))));

    const cover = await db.selectFrom('teaching_assignments').innerJoin('timetable_events', 'timetable_events.id', 'teaching_assignments.event_id')
      .select('timetable_events.starts_at').execute();
    const covered = rows['ext.events.csv'].filter((e) => e.teacherSourcedIds === 'lecturer').map((e) => Date.parse(e.start ?? ''));
    expect(covered).toEqual(cover.map((c) => c.starts_at.getTime()));
  });

  it('has the same absence categories, in order', async () => {
    const seeded = await db.selectFrom('absence_categories')
      .select(['name', 'description', 'absence_type', 'requires_description', 'requires_evidence']).orderBy('display_order').execute();
    expect(rows['ext.absenceCategories.csv'].map((c) => [c.name, c.description, c.absenceType, c.requiresDescription === 'true', c.requiresEvidence === 'true']))
      .toEqual(seeded.map((c) => [c.name, c.description, c.absence_type, c.requires_description, c.requires_evidence]));
  });
});
