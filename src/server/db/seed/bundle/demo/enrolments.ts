import { type ModuleStage, moduleSpecs, STUDENT_MODULES } from '../../catalogue.js';
import type { EnrollmentRecord } from '../records.js';
import type { DemoModule, GroupLetter } from './groups.js';
import type { CohortMember } from './people.js';
import { SCHOOL_ORG } from './people.js';

/**
 * Who is in which group. Students take the modules the seed enrols them on (timetable.ts,
 * planEnrolments): each is in the module's lecture group and in one group of each other kind,
 * the personas in A and the cohort in A or B by turns (A for cohort01, B for cohort02, …). Each
 * module's lecturers teach all its groups, the first named leading them.
 */

const codesOf = (stage: ModuleStage): string[] => moduleSpecs.filter((m) => m.stage === stage).map((m) => m.code);

/** [student, module codes, their group letter] as the seed plans the enrolments. */
function studentPlan(cohort: readonly CohortMember[]): [string, readonly string[], GroupLetter][] {
  const current = codesOf('current');
  return [
    ['student', [...STUDENT_MODULES, ...codesOf('previous'), ...codesOf('twoYearsAgo')], 'A'],
    ['student2', ['CS2041', 'CS2052', 'CS2063', 'CS2096', ...codesOf('previous')], 'A'],
    ['student.unenrolled', ['CS2041', 'CS2074'], 'A'],
    ['student.unknown', ['CS2052', 'CS2085'], 'A'],
    ...cohort.map((member, i): [string, string[], GroupLetter] =>
      [member.userName, current.filter((_, c) => c !== i % current.length), i % 2 === 0 ? 'A' : 'B']),
  ];
}

export function demoEnrollments(modules: readonly DemoModule[], cohort: readonly CohortMember[]): EnrollmentRecord[] {
  const byCode = new Map(modules.map((m) => [m.spec.code, m]));
  const enrollments: EnrollmentRecord[] = [];
  for (const module of modules) {
    for (const group of module.groups) {
      module.teachers.forEach((teacher, i) => enrollments.push({
        classSourcedId: group.sourcedId, userSourcedId: teacher, role: 'teacher', schoolSourcedId: SCHOOL_ORG, isPrimary: i === 0,
      }));
    }
  }
  for (const [userName, codes, letter] of studentPlan(cohort)) {
    for (const code of codes) {
      const module = byCode.get(code);
      if (!module) throw new Error(`Demo bundle: no module ${code}`);
      for (const group of module.groups.filter((g) => g.letter === null || g.letter === letter)) {
        enrollments.push({ classSourcedId: group.sourcedId, userSourcedId: userName, role: 'student', schoolSourcedId: SCHOOL_ORG, isPrimary: null });
      }
    }
  }
  return enrollments;
}
