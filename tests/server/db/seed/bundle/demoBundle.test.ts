import { describe, expect, it } from 'vitest';
import { academicYearOf, londonDate } from '../../../../../src/server/calendar/academicCalendar.js';
import { absenceCategorySpecs } from '../../../../../src/server/db/seed/absences.js';
import { LECTURER_MODULES, moduleSpecs } from '../../../../../src/server/db/seed/catalogue.js';
import { personas } from '../../../../../src/server/db/seed/personas.js';
import { todaysClasses } from '../../../../../src/server/db/seed/timetable.js';
import { BUNDLE_ENTRY_NAMES, generateDemoBundle } from '../../../../../src/server/db/seed/bundle/index.js';
import { type CsvRow, bundleProblems, isBritishSummerTime, manifestOf, overlapping, parseBundle } from './bundleTestKit.js';

/** Fixed instants (no test reads the wall clock): a Monday morning, a Sunday night, a Thursday in the week the clocks go back. */
const DAYS: readonly [string, string][] = [
  ['a Monday morning in term', '2026-10-05T08:55:00+01:00'],
  ['a Sunday at 23:55', '2026-10-11T23:55:00+01:00'],
  ['the week BST ends (Sunday 25 October)', '2026-10-22T14:10:00+01:00'],
];

const by = <K extends string>(rows: readonly CsvRow[], key: K) => new Map(rows.map((r) => [r[key] ?? '', r]));

describe.each(DAYS)('the demo bundle generated on %s', (_name, iso) => {
  const today = new Date(iso);
  const bundle = generateDemoBundle(today);
  const { texts, columns, rows } = parseBundle(bundle);
  const events = rows['ext.events.csv'];
  const classes = by(rows['classes.csv'], 'sourcedId');
  const courses = by(rows['courses.csv'], 'sourcedId');
  const moduleOf = (classId: string) => courses.get(classes.get(classId)?.courseSourcedId ?? '')?.courseCode ?? '';
  const groupsOf = (userName: string, role = 'student') =>
    new Set(rows['enrollments.csv'].filter((e) => e.userSourcedId === userName && e.role === role).map((e) => e.classSourcedId ?? ''));

  it('has every file with its required columns, unique ids and every reference resolved', () => {
    expect(Object.keys(bundle)).toEqual([...BUNDLE_ENTRY_NAMES]);
    expect(bundleProblems(columns, rows)).toEqual([]);
  });

  it('has a manifest of version 1.0 for OneRoster 1.2 naming every data file as bulk, from the demo system', () => {
    const { properties, files } = manifestOf(rows);
    expect(properties.get('manifest.version')).toBe('1.0');
    expect(properties.get('oneroster.version')).toBe('1.2');
    expect(properties.get('source.systemName')).toBe('Campus Companion demo');
    expect(properties.get('source.systemCode')).toBe('demo');
    expect(files.sort()).toEqual(BUNDLE_ENTRY_NAMES.filter((n) => n !== 'manifest.csv').sort());
    expect([...properties].filter(([k]) => k.startsWith('file.')).every(([, mode]) => mode === 'bulk')).toBe(true);
  });

  it('has every persona as a user whose sourcedId is its user name, and grants Administrator to no one', () => {
    const users = by(rows['users.csv'], 'sourcedId');
    for (const persona of personas) {
      expect(users.get(persona.userName)?.username, persona.userName).toBe(persona.userName);
      expect(users.get(persona.userName)?.givenName, persona.userName).toBe(persona.firstName);
    }
    const roles = rows['roles.csv'];
    expect(roles.filter((r) => r.userSourcedId === 'admin' || r.userSourcedId === 'staff')).toEqual([]);
    expect(new Set(roles.map((r) => r.role))).toEqual(new Set(['student', 'teacher']));
    expect(users.get('student')?.['metadata.cc.personalTutorSourcedId']).toBe('lecturer');
    expect(users.get('student.unenrolled')?.['metadata.cc.registrationStatus']).toBe('Registered-NotEnrolled');
    expect(users.get('student.unknown')?.['metadata.cc.registrationStatus']).toBe('');
    expect(users.get('lecturer')?.['metadata.cc.staffJobFamily']).toBe('Academic');
  });

  it('has the current academic year and the two before it, each with its terms, the current one holding today', () => {
    const sessions = rows['academicSessions.csv'];
    const years = sessions.filter((s) => s.type === 'schoolYear');
    expect(years).toHaveLength(3);
    const day = londonDate(today);
    const current = years.filter((y) => (y.startDate ?? '') <= day && day <= (y.endDate ?? ''));
    expect(current.map((y) => y.title)).toEqual([`Academic year ${academicYearOf(today).label}`]);
    for (const year of years) expect(sessions.filter((s) => s.type === 'term' && s.parentSourcedId === year.sourcedId).length).toBeGreaterThanOrEqual(2);
  });

  it('has each module with a lecture group and at least one other group, and only the seed\'s modules', () => {
    expect(rows['courses.csv'].map((c) => c.courseCode).sort()).toEqual(moduleSpecs.map((m) => m.code).sort());
    for (const course of rows['courses.csv']) {
      const codes = rows['classes.csv'].filter((c) => c.courseSourcedId === course.sourcedId).map((c) => c.classCode ?? '');
      expect(codes, course.courseCode).toContain(`${course.courseCode}-LEC`);
      expect(codes.filter((c) => !c.endsWith('-LEC')).length, course.courseCode).toBeGreaterThanOrEqual(1);
    }
  });

  it('puts `student` in the groups of today\'s two classes, which are where the seed puts them', () => {
    const extras = events.filter((e) => e.sourcedId?.includes('-extra-'));
    const expected = todaysClasses(today);
    expect(extras.map((e) => [moduleOf(e.classSourcedId ?? ''), e.eventType, Date.parse(e.start ?? ''), e.roomSourcedId]).sort())
      .toEqual(expected.map((c) => [c.code, c.type, c.start.getTime(), c.room]).sort());
    const mine = groupsOf('student');
    for (const extra of extras) expect(mine.has(extra.classSourcedId ?? ''), extra.sourcedId).toBe(true);
    expect(extras.every((e) => e.isAttendanceMonitored === 'true' && e.eventStatus === 'scheduled')).toBe(true);
  });

  it('gives no student two overlapping classes and books no room twice at once', () => {
    const students = rows['users.csv'].filter((u) => u['metadata.cc.studyLevel'] !== '').map((u) => u.sourcedId ?? '');
    expect(students.length).toBeGreaterThanOrEqual(28);
    const span = (e: CsvRow) => ({ label: e.sourcedId ?? '', start: Date.parse(e.start ?? ''), end: Date.parse(e.end ?? '') });
    for (const student of students) {
      const groups = groupsOf(student);
      expect(overlapping(events.filter((e) => groups.has(e.classSourcedId ?? '')).map(span)), student).toEqual([]);
    }
    const rooms = new Set(events.map((e) => e.roomSourcedId ?? ''));
    for (const room of rooms) {
      expect(overlapping(events.filter((e) => e.roomSourcedId === room && e.eventStatus !== 'cancelled').map(span)), room).toEqual([]);
    }
  });

  it('writes every time with the London offset of its instant, and weekly classes at the same wall-clock time all year', () => {
    for (const e of events) {
      for (const value of [e.start ?? '', e.end ?? '']) {
        const summer = isBritishSummerTime(Date.parse(value));
        expect(value.slice(19), `${e.sourcedId} ${value}`).toBe(summer ? '+01:00' : '+00:00');
      }
    }
    const lectures = events.filter((e) => e.classSourcedId?.startsWith('CS2041-') && e.classSourcedId.endsWith('-LEC'));
    expect(lectures.length).toBeGreaterThan(20);
    expect(new Set(lectures.map((e) => (e.start ?? '').slice(10, 19)))).toEqual(new Set(['T09:00:00']));
    expect(new Set(lectures.map((e) => (e.start ?? '').slice(19)))).toEqual(new Set(['+01:00', '+00:00']));
  });

  it('cancels two weeks of each module, and has `lecturer` teach every group of their modules and cover the next CS2063 lab', () => {
    for (const course of rows['courses.csv']) {
      const weeks = new Set(events.filter((e) => moduleOf(e.classSourcedId ?? '') === course.courseCode && e.eventStatus === 'cancelled')
        .map((e) => (e.sourcedId ?? '').replace(/^ev-.*-(w\d\d-\d)$/, '$1')));
      expect(weeks.size, course.courseCode).toBe(2);
    }
    const taught = groupsOf('lecturer', 'teacher');
    for (const code of LECTURER_MODULES) {
      const groups = rows['classes.csv'].filter((c) => c.classCode?.startsWith(`${code}-`));
      expect(groups.length).toBeGreaterThanOrEqual(3);
      for (const group of groups) expect(taught.has(group.sourcedId ?? ''), group.sourcedId).toBe(true);
    }
    const covers = events.filter((e) => e.teacherSourcedIds !== '');
    expect(covers.map((e) => [moduleOf(e.classSourcedId ?? ''), e.eventType, e.teacherSourcedIds])).toEqual([['CS2063', 'Lab', 'lecturer']]);
    const cover = covers[0]!;
    expect(Date.parse(cover.start ?? '')).toBeGreaterThan(today.getTime());
    expect(Date.parse(cover.end ?? '') - Date.parse(cover.start ?? '')).toBe(120 * 60_000);
  });

  it('has the seed\'s absence categories and rooms', () => {
    expect(rows['ext.absenceCategories.csv'].map((c) => [c.name, c.absenceType])).toEqual(absenceCategorySpecs.map((c) => [c.name, c.type]));
    expect(rows['ext.rooms.csv'].find((r) => r.sourcedId === 'ENG-2.03')).toMatchObject({ name: 'Software Lab 2.03', building: 'Engineering Building', floor: '2' });
  });

  it('gives the same bytes when generated again', () => {
    const again = generateDemoBundle(new Date(iso));
    for (const name of BUNDLE_ENTRY_NAMES) expect([...again[name]].join(''), name).toBe(texts[name]);
    // and the same bytes when walked twice
    for (const name of BUNDLE_ENTRY_NAMES) expect([...bundle[name]].join(''), name).toBe(texts[name]);
  });
});

describe('event ids', () => {
  it('stay with their occurrence whatever the time of day the bundle is generated', () => {
    const parse = (iso: string) => parseBundle(generateDemoBundle(new Date(iso))).rows['ext.events.csv'];
    const morning = new Map(parse('2026-10-05T08:55:00+01:00').map((e) => [e.sourcedId, e]));
    const evening = parse('2026-10-05T19:40:00+01:00');
    let shared = 0;
    for (const e of evening) {
      const same = morning.get(e.sourcedId);
      if (!same || e.sourcedId?.includes('-extra-')) continue;
      shared += 1;
      expect([e.classSourcedId, e.start, e.end, e.roomSourcedId], e.sourcedId).toEqual([same.classSourcedId, same.start, same.end, same.roomSourcedId]);
    }
    expect(shared).toBeGreaterThan(morning.size - 10);
  });
});
