import { FULLY_ENROLLED } from '../../people.js';
import { emailFor } from '../../personas.js';
import { hashSeed } from '../../prng.js';
import { yearKey } from '../ids.js';
import { FIRST_NAMES, SURNAMES } from '../names.js';
import type { RoleRecord, UserRecord } from '../records.js';
import { SERVICES_ORG, schoolOrg, schoolSubject } from './catalogue.js';
import type { Layout } from './layout.js';

/**
 * The large university's people, each from its index: students `s0000001` … and staff
 * `e00001` …; the first 80% of the staff teach (one teaching group each, by turns) and are
 * personal tutors (student i's is teacher i mod their number); the rest are professional
 * services with no role row.
 */

export const studentId = (i: number): string => `s${String(i + 1).padStart(7, '0')}`;
export const staffId = (i: number): string => `e${String(i + 1).padStart(5, '0')}`;

/** The teacher of the group with global index g. */
export const teacherOf = (layout: Layout, g: number): string => staffId(g % layout.teachingStaff);

const nameOf = (h: number) => ({
  givenName: FIRST_NAMES[h % FIRST_NAMES.length] ?? 'Alex',
  familyName: SURNAMES[(h >>> 8) % SURNAMES.length] ?? 'Smith',
});

/** Student i's first module: their school is its school. */
const homeModule = (layout: Layout, i: number): number => (i * 7919) % layout.options.modules;

/** The modules student i takes: from their first, evenly spaced, so that they are distinct. */
export function studentModules(layout: Layout, i: number): number[] {
  const count = layout.modulesOf(i);
  const total = layout.options.modules;
  const first = homeModule(layout, i);
  const stride = Math.max(1, Math.floor(total / (count + 1)));
  return Array.from({ length: count }, (_, j) => (first + j * stride) % total);
}

function studyLevel(i: number): number {
  if (i % 97 === 0) return 8;
  if (i % 20 === 0) return 7;
  return 1 + (i % 3);
}

function registrationStatus(i: number): string | null {
  if (i % 200 === 13) return null;
  return i % 50 === 7 ? 'Registered-NotEnrolled' : FULLY_ENROLLED;
}

export function* largeUserRecords(layout: Layout): Generator<UserRecord> {
  const { students, staff } = layout.options;
  for (let e = 0; e < staff; e += 1) {
    const sourcedId = staffId(e);
    const teaches = e < layout.teachingStaff;
    yield {
      sourcedId, ...nameOf(hashSeed(sourcedId)), identifier: `E${String(e + 1).padStart(6, '0')}`, email: emailFor(sourcedId),
      primaryOrgSourcedId: teaches ? schoolOrg(e % layout.schools) : SERVICES_ORG,
      registrationStatus: null, studyLevel: null, programme: null, isStudentVisaHolder: false,
      staffJobFamily: teaches ? 'Academic' : 'Professional Services', personalTutorSourcedId: null,
    };
  }
  const cohortYear = yearKey(layout.year.start).slice(2);
  for (let i = 0; i < students; i += 1) {
    const sourcedId = studentId(i);
    const h = hashSeed(sourcedId);
    const school = homeModule(layout, i) % layout.schools;
    const level = studyLevel(i);
    yield {
      sourcedId, ...nameOf(h), identifier: `S${cohortYear}${String(i + 1).padStart(6, '0')}`, email: emailFor(sourcedId),
      primaryOrgSourcedId: schoolOrg(school), registrationStatus: registrationStatus(i), studyLevel: level,
      programme: `${level >= 7 ? 'MSc' : 'BSc (Hons)'} ${schoolSubject(school)}`,
      isStudentVisaHolder: (h >>> 16) % 100 < 15, staffJobFamily: null, personalTutorSourcedId: staffId(i % layout.teachingStaff),
    };
  }
}

export function* largeRoleRecords(layout: Layout): Generator<RoleRecord> {
  for (let e = 0; e < layout.teachingStaff; e += 1) yield { userSourcedId: staffId(e), role: 'teacher', orgSourcedId: schoolOrg(e % layout.schools) };
  for (let i = 0; i < layout.options.students; i += 1) {
    yield { userSourcedId: studentId(i), role: 'student', orgSourcedId: schoolOrg(homeModule(layout, i) % layout.schools) };
  }
}
