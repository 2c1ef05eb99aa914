
/** The demo's people: constants the bundle generator (bundle/demo/people.ts) and the seed share. */

export const COHORT_SIZE = 24;
export const PROGRAMME = 'BSc (Hons) Computer Science';
export const SCHOOL = 'School of Engineering and Computing';
export const FULLY_ENROLLED = 'Registered-Enrolled';

/** Cohort user names, cohort01 … cohort24. */
export function cohortUserName(index: number): string {
  return `cohort${String(index + 1).padStart(2, '0')}`;
}

export function idOf(users: ReadonlyMap<string, number>, userName: string): number {
  const id = users.get(userName);
  if (id === undefined) throw new Error(`Seed: no user ${userName}`);
  return id;
}
