import { isStudyLevelCode, studyLevelNames, type StudyLevelCode } from '../contract/user';

/** SPEC §3: a code outside the known list reads as -1. */
export const unknownStudyLevel = -1;

/** The SPEC §3 code of a study level: a known code, -1 for any other, null when there is none (staff). */
export function studyLevelCodeOf(code: number | null): StudyLevelCode | typeof unknownStudyLevel | null {
  if (code === null) return null;
  return isStudyLevelCode(code) ? code : unknownStudyLevel;
}

/** What the profile shows for a study level: its name, a plain sentence for -1, null for none. */
export function describeStudyLevel(code: number | null): string | null {
  const known = studyLevelCodeOf(code);
  if (known === null) return null;
  return known === unknownStudyLevel ? 'Not recorded (code -1)' : studyLevelNames[known];
}
