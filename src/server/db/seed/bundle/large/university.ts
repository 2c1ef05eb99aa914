import { calendarRules } from '../../calendar.js';
import { absenceCategoryRecords } from '../absenceCategories.js';
import { type Bundle, toBundle } from '../files.js';
import { type UniversityRecords, reiterable } from '../records.js';
import { academicSessionRecords } from '../sessions.js';
import { largeClassRecords, largeCourseRecords, largeOrgRecords, largeRoomRecords } from './catalogue.js';
import { LARGE_DEFAULTS, type LargeUniversityOptions, layoutOf } from './layout.js';
import { largeRoleRecords, largeUserRecords } from './people.js';
import { largeEnrollmentRecords, largeEventRecords } from './timetable.js';

export { LARGE_DEFAULTS, type LargeUniversityOptions } from './layout.js';

export const LARGE_SOURCE = { systemName: 'Campus Companion demo (large)', systemCode: 'demo' } as const;

/**
 * A large university of the demo's shape, for benchmarks: every file generated as it is read,
 * from indices, never a list of its students, enrolments or events. The same options give the
 * same bytes.
 */
export function largeUniversity(options: LargeUniversityOptions): UniversityRecords {
  const layout = layoutOf(options);
  return {
    timeZone: calendarRules().timeZone,
    source: LARGE_SOURCE,
    academicSessions: reiterable(() => academicSessionRecords(layout.year)),
    orgs: reiterable(() => largeOrgRecords(layout)),
    courses: reiterable(() => largeCourseRecords(layout)),
    classes: reiterable(() => largeClassRecords(layout)),
    users: reiterable(() => largeUserRecords(layout)),
    roles: reiterable(() => largeRoleRecords(layout)),
    enrollments: reiterable(() => largeEnrollmentRecords(layout)),
    rooms: reiterable(() => largeRoomRecords(layout)),
    events: reiterable(() => largeEventRecords(layout)),
    absenceCategories: reiterable(absenceCategoryRecords),
  };
}

/** The large university's bundle; options left out take LARGE_DEFAULTS (35,000 students, 250,000 events, …). */
export function generateUniversity(options: { readonly today: Date } & Partial<Omit<LargeUniversityOptions, 'today'>>): Bundle {
  const given = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
  return toBundle(largeUniversity({ ...LARGE_DEFAULTS, ...given, today: options.today }));
}
