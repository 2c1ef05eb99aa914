import type { Db } from '../database.js';
import { emailFor } from './personas.js';
import type { Rng } from './prng.js';

/** Student profiles, personal tutors, and the anonymous cohort that peer analysis compares with. */

export const COHORT_SIZE = 24;
export const PROGRAMME = 'BSc (Hons) Computer Science';
export const SCHOOL = 'School of Engineering and Computing';
export const FULLY_ENROLLED = 'Registered-Enrolled';

const FIRST_NAMES = [
  'Olivia', 'Jack', 'Isla', 'Harry', 'Ava', 'Oscar', 'Mia', 'George', 'Freya', 'Leo', 'Zara', 'Arjun',
  'Chloe', 'Kai', 'Maya', 'Ethan', 'Grace', 'Yusuf', 'Ellie', 'Tomás', 'Hannah', 'Kwame', 'Ruby', 'Finn',
];
const SURNAMES = [
  'Smith', 'Jones', 'Williams', 'Brown', 'Taylor', 'Davies', 'Evans', 'Wilson', 'Thomas', 'Roberts',
  'Khan', 'Ahmed', 'Nowak', 'Murphy', "O'Brien", 'Campbell', 'Hughes', 'Singh', 'Mensah', 'Kowalski',
];

/** Cohort user names, cohort01 … cohort24. */
export function cohortUserName(index: number): string {
  return `cohort${String(index + 1).padStart(2, '0')}`;
}

/** Inserts the cohort students (role Student, no persona). Returns their ids in order. */
export async function seedCohort(db: Db, rng: Rng, today: Date): Promise<number[]> {
  const firstNames = rng.shuffle(FIRST_NAMES);
  const rows = Array.from({ length: COHORT_SIZE }, (_, i) => {
    const first = firstNames[i % firstNames.length] ?? 'Alex';
    const userName = cohortUserName(i);
    return {
      user_name: userName,
      display_name: `${first} ${rng.pick(SURNAMES)}`,
      first_name: first,
      email: emailFor(userName),
      student_id: `S24001${String(i + 1).padStart(2, '0')}`,
      staff_job_family: null,
      oidc_subject: null,
      created_at: today,
    };
  });
  const inserted = await db.insertInto('users').values(rows).returning(['id', 'user_name']).execute();
  const byName = new Map(inserted.map((u) => [u.user_name, u.id]));
  const ids = rows.map((r) => byName.get(r.user_name) ?? 0);
  await db.insertInto('user_roles').values(ids.map((user_id) => ({ user_id, role: 'Student' as const }))).execute();
  await db
    .insertInto('profiles')
    .values(ids.map((user_id) => ({
      user_id, study_level: 2, registration_status: FULLY_ENROLLED, programme: PROGRAMME, school: SCHOOL,
      is_student_visa_holder: rng.chance(0.15),
    })))
    .execute();
  return ids;
}

export function idOf(users: ReadonlyMap<string, number>, userName: string): number {
  const id = users.get(userName);
  if (id === undefined) throw new Error(`Seed: no user ${userName}`);
  return id;
}

/** Profiles of the personas (students and staff) and a personal tutor per student persona. */
export async function seedPersonaProfiles(db: Db, users: ReadonlyMap<string, number>): Promise<void> {
  const student = (userName: string, study_level: number, registration_status: string | null, visa = false) =>
    ({ user_id: idOf(users, userName), study_level, registration_status, programme: PROGRAMME, school: SCHOOL, is_student_visa_holder: visa });
  const staff = (userName: string, school: string) =>
    ({ user_id: idOf(users, userName), study_level: null, registration_status: null, programme: null, school, is_student_visa_holder: false });
  await db
    .insertInto('profiles')
    .values([
      student('student', 2, FULLY_ENROLLED),
      student('student2', 2, FULLY_ENROLLED, true),
      student('student.unenrolled', 2, 'Registered-NotEnrolled'),
      student('student.unknown', 2, null),
      staff('lecturer', SCHOOL),
      staff('staff', 'Student Services'),
      staff('admin', 'Digital Services'),
    ])
    .execute();

  const external = (userName: string, name: string, email: string, office: string) =>
    ({ student_user_id: idOf(users, userName), tutor_user_id: null, tutor_name: name, tutor_email: email, office });
  await db
    .insertInto('personal_tutors')
    .values([
      { student_user_id: idOf(users, 'student'), tutor_user_id: idOf(users, 'lecturer'), tutor_name: null, tutor_email: null, office: 'Engineering Building, room 2.14' },
      external('student2', 'Dr Owen Price', 'o.price@campus.example.ac.uk', 'Engineering Building, room 3.02'),
      external('student.unenrolled', 'Dr Ruth Ellis', 'r.ellis@campus.example.ac.uk', 'Library Annexe, room 1.05'),
      external('student.unknown', 'Prof. Grace Liu', 'g.liu@campus.example.ac.uk', 'Engineering Building, room 4.20'),
    ])
    .execute();
}
