import { COHORT_SIZE, FULLY_ENROLLED, PROGRAMME, SCHOOL, cohortUserName } from '../../people.js';
import { emailFor, personas } from '../../personas.js';
import type { Rng } from '../../prng.js';
import { FIRST_NAMES, SURNAMES } from '../names.js';
import type { OrgRecord, RoleRecord, UserRecord } from '../records.js';

/**
 * The demo's people: the personas with the user names tests and the README use (each persona's
 * sourcedId is its user name), the lecturers the seed names on its modules and as personal tutors
 * (users here, since a bundle links teachers and tutors by sourcedId), and the anonymous cohort,
 * drawn with the seed's own generator so that it has the seed's names and visa flags.
 */

export const UNIVERSITY_ORG = 'org-university';
export const SCHOOL_ORG = 'org-engineering-computing';

export const demoOrgs: readonly OrgRecord[] = [
  { sourcedId: UNIVERSITY_ORG, name: 'Campus Companion Demo University', type: 'district', identifier: 'DEMO', parentSourcedId: null },
  { sourcedId: SCHOOL_ORG, name: SCHOOL, type: 'school', identifier: 'SEC', parentSourcedId: UNIVERSITY_ORG },
  { sourcedId: 'org-student-services', name: 'Student Services', type: 'department', identifier: 'SSV', parentSourcedId: UNIVERSITY_ORG },
  { sourcedId: 'org-digital-services', name: 'Digital Services', type: 'department', identifier: 'DSV', parentSourcedId: UNIVERSITY_ORG },
];

interface PersonaProfile {
  readonly org: string;
  readonly registrationStatus?: string | null;
  readonly isStudentVisaHolder?: boolean;
  readonly personalTutor?: string;
}

/** The personas' profiles and tutors, as the seed gives them (people.ts, seedPersonaProfiles). */
const personaProfiles: Readonly<Record<string, PersonaProfile>> = {
  student: { org: SCHOOL_ORG, registrationStatus: FULLY_ENROLLED, personalTutor: 'lecturer' },
  student2: { org: SCHOOL_ORG, registrationStatus: FULLY_ENROLLED, isStudentVisaHolder: true, personalTutor: 'o.price' },
  'student.unenrolled': { org: SCHOOL_ORG, registrationStatus: 'Registered-NotEnrolled', personalTutor: 'r.ellis' },
  'student.unknown': { org: SCHOOL_ORG, registrationStatus: null, personalTutor: 'g.liu' },
  lecturer: { org: SCHOOL_ORG },
  staff: { org: 'org-student-services' },
  support: { org: 'org-student-services' },
  admin: { org: 'org-digital-services' },
};

/** The lecturers the seed names as text (module staff, external personal tutors); Dr Helen Marsh is `lecturer`. */
export const namedStaff: readonly { userName: string; displayName: string; givenName: string; familyName: string }[] = [
  { userName: 't.avery', displayName: 'Dr Tom Avery', givenName: 'Tom', familyName: 'Avery' },
  { userName: 'o.price', displayName: 'Dr Owen Price', givenName: 'Owen', familyName: 'Price' },
  { userName: 'r.ellis', displayName: 'Dr Ruth Ellis', givenName: 'Ruth', familyName: 'Ellis' },
  { userName: 'g.liu', displayName: 'Prof. Grace Liu', givenName: 'Grace', familyName: 'Liu' },
];

/** The user name of a lecturer the seed names on a module ('Dr Helen Marsh' → 'lecturer'). */
export function staffUserName(displayName: string): string {
  const persona = personas.find((p) => p.displayName === displayName);
  if (persona) return persona.userName;
  const named = namedStaff.find((s) => s.displayName === displayName);
  if (!named) throw new Error(`Demo bundle: no user for the lecturer ${displayName}`);
  return named.userName;
}

const STUDY_LEVEL = 2;
const COHORT_VISA_SHARE = 0.15;

export interface CohortMember {
  readonly userName: string;
  readonly givenName: string;
  readonly familyName: string;
  readonly studentId: string;
  readonly isStudentVisaHolder: boolean;
}

/** The cohort, drawn in the seed's order: the shuffle, a surname each, then a visa flag each (seedCohort). */
export function drawCohort(rng: Rng): CohortMember[] {
  const firstNames = rng.shuffle(FIRST_NAMES);
  const named = Array.from({ length: COHORT_SIZE }, (_, i) => ({
    userName: cohortUserName(i),
    givenName: firstNames[i % firstNames.length] ?? 'Alex',
    familyName: rng.pick(SURNAMES),
    studentId: `S24001${String(i + 1).padStart(2, '0')}`,
  }));
  return named.map((member) => ({ ...member, isStudentVisaHolder: rng.chance(COHORT_VISA_SHARE) }));
}

/** Given and family names from a display name and first name ('Dr Helen Marsh', 'Helen' → 'Helen', 'Marsh'). */
function namesOf(displayName: string, firstName: string): { givenName: string; familyName: string } {
  const at = displayName.indexOf(firstName);
  return { givenName: firstName, familyName: at < 0 ? displayName : displayName.slice(at + firstName.length).trim() };
}

const blankProfile = {
  registrationStatus: null, studyLevel: null, programme: null, isStudentVisaHolder: null, staffJobFamily: null, personalTutorSourcedId: null,
} as const;

export function* demoUserRecords(cohort: readonly CohortMember[]): Generator<UserRecord> {
  for (const persona of personas) {
    const profile = personaProfiles[persona.userName];
    if (!profile) throw new Error(`Demo bundle: no profile for the persona ${persona.userName}`);
    const isStudent = persona.roles.includes('Student');
    yield {
      ...blankProfile,
      sourcedId: persona.userName, ...namesOf(persona.displayName, persona.firstName),
      identifier: persona.studentId ?? null, email: emailFor(persona.userName), primaryOrgSourcedId: profile.org,
      ...(isStudent
        ? { registrationStatus: profile.registrationStatus ?? null, studyLevel: STUDY_LEVEL, programme: PROGRAMME, isStudentVisaHolder: profile.isStudentVisaHolder ?? false }
        : { isStudentVisaHolder: false }),
      staffJobFamily: persona.staffJobFamily ?? null,
      personalTutorSourcedId: profile.personalTutor ?? null,
    };
  }
  for (const s of namedStaff) {
    yield {
      ...blankProfile,
      sourcedId: s.userName, givenName: s.givenName, familyName: s.familyName, identifier: null,
      email: `${s.userName}@campus.example.ac.uk`, primaryOrgSourcedId: SCHOOL_ORG, isStudentVisaHolder: false, staffJobFamily: 'Academic',
    };
  }
  for (const member of cohort) {
    yield {
      ...blankProfile,
      sourcedId: member.userName, givenName: member.givenName, familyName: member.familyName, identifier: member.studentId,
      email: emailFor(member.userName), primaryOrgSourcedId: SCHOOL_ORG,
      registrationStatus: FULLY_ENROLLED, studyLevel: STUDY_LEVEL, programme: PROGRAMME, isStudentVisaHolder: member.isStudentVisaHolder,
    };
  }
}

/**
 * Student and teacher roles. `staff`, `support` and `admin` get none: their app roles come from
 * elsewhere (the directory groups that review absences and handle referrals; Administrator from
 * the identity provider or a directory group, never from an import).
 */
export function* demoRoleRecords(cohort: readonly CohortMember[]): Generator<RoleRecord> {
  for (const persona of personas) {
    if (persona.roles.includes('Student')) yield { userSourcedId: persona.userName, role: 'student', orgSourcedId: SCHOOL_ORG };
    if (persona.roles.includes('TeachingStaff')) yield { userSourcedId: persona.userName, role: 'teacher', orgSourcedId: SCHOOL_ORG };
  }
  for (const s of namedStaff) yield { userSourcedId: s.userName, role: 'teacher', orgSourcedId: SCHOOL_ORG };
  for (const member of cohort) yield { userSourcedId: member.userName, role: 'student', orgSourcedId: SCHOOL_ORG };
}
