import { academicYearOf, calendarRules } from '../../calendar.js';
import { createRng, hashSeed } from '../../prng.js';
import { absenceCategoryRecords } from '../absenceCategories.js';
import { groupTerms } from '../groups.js';
import { academicYearId } from '../ids.js';
import { type ClassRecord, type CourseRecord, type UniversityRecords, reiterable } from '../records.js';
import { academicSessionRecords } from '../sessions.js';
import { demoEnrollments } from './enrolments.js';
import { demoRoomRecords } from './estate.js';
import { demoModules } from './groups.js';
import { SCHOOL_ORG, demoOrgs, demoRoleRecords, demoUserRecords, drawCohort } from './people.js';
import { demoEvents } from './timetable.js';

export const DEMO_SOURCE = { systemName: 'Campus Companion demo', systemCode: 'demo' } as const;

/**
 * The demo university as records, relative to `today` and the same for the same `today`: the
 * seed's generators are seeded as the seed seeds them (`campus-demo|<year>|<area>`), so the
 * cohort and the cancellations are the seed's. The demo is small, so it is planned whole here.
 */
export function demoUniversity(today: Date): UniversityRecords {
  const current = academicYearOf(today);
  const rngFor = (area: string) => createRng(hashSeed(`campus-demo|${current.label}|${area}`));
  const cohort = drawCohort(rngFor('cohort'));
  const modules = demoModules(current);
  const events = demoEvents(modules, current, today, rngFor('timetable'));

  const courses: CourseRecord[] = modules.map((m) => ({
    sourcedId: m.courseSourcedId, title: m.spec.name, courseCode: m.spec.code,
    schoolYearSourcedId: academicYearId(m.year.start), orgSourcedId: SCHOOL_ORG,
  }));
  const classes: ClassRecord[] = modules.flatMap((m) => m.groups.map((g) => ({
    sourcedId: g.sourcedId, title: g.title, courseSourcedId: m.courseSourcedId, classCode: g.classCode,
    termSourcedIds: groupTerms(m.year, g.slots), schoolSourcedId: SCHOOL_ORG,
  })));

  return {
    timeZone: calendarRules().timeZone,
    source: DEMO_SOURCE,
    academicSessions: [...academicSessionRecords(current)],
    orgs: demoOrgs,
    courses,
    classes,
    users: reiterable(() => demoUserRecords(cohort)),
    roles: reiterable(() => demoRoleRecords(cohort)),
    enrollments: demoEnrollments(modules, cohort),
    rooms: reiterable(demoRoomRecords),
    events,
    absenceCategories: reiterable(absenceCategoryRecords),
  };
}
