import type { AcademicYear } from '../calendar.js';
import { teachingWeeks } from '../calendar.js';
import { termId } from './ids.js';
import type { BundleEventType } from './records.js';
import type { WeeklySlot } from './weekly.js';

/** Teaching groups, shared by the demo and the large university: how they are coded and titled, and their terms. */

/** The short code of a group's kind in its classCode: `CS2041-LEC`, `CS2041-LAB-A`. */
export const KIND_CODES: Readonly<Record<BundleEventType, string>> = {
  Lecture: 'LEC', Lab: 'LAB', Seminar: 'SEM', Tutorial: 'TUT', Workshop: 'WKS', Exam: 'EXM', Other: 'OTH',
};

/** A weekly slot of a group, with what its occurrences carry. */
export interface GroupSlot extends WeeklySlot {
  readonly type: BundleEventType;
  readonly room: string;
  readonly isMonitored: boolean;
}

/** `LEC` for the whole cohort, `LAB-A`, `SEM-B`, … for the groups a kind of class is split into. */
export function groupCode(kind: BundleEventType, letter: string | null): string {
  return letter === null ? KIND_CODES[kind] : `${KIND_CODES[kind]}-${letter}`;
}

/** `CS2041 Lecture`, `CS2041 Lab A`. */
export function groupTitle(moduleCode: string, kind: BundleEventType, letter: string | null): string {
  return letter === null ? `${moduleCode} ${kind}` : `${moduleCode} ${kind} ${letter}`;
}

/**
 * The terms a group meets in: those of the weeks that hold one of its slots (a revision week
 * holds only slot 0). A group without slots is in every term of its year.
 */
export function groupTerms(year: AcademicYear, slots: readonly WeeklySlot[]): string[] {
  const weeks = teachingWeeks(year);
  const meets = weeks.filter((w) => slots.some((s) => !w.isRevision || s.index === 0));
  const terms = [...new Set((slots.length > 0 ? meets : weeks).map((w) => w.term))];
  return terms.map((term) => termId(year.start, term));
}
