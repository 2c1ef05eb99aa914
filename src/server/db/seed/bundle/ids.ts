/**
 * The sourcedIds of generated records: stable keys built only from what never changes about a
 * record (a module's code and year, a group's letter, a teaching week and slot), never from a
 * room, a time or a name, so that the same thing gets the same id from one bundle to the next.
 */

/** The key of an academic year: the calendar year it starts in ('2026' for 2026/27). */
export const yearKey = (yearStart: string): string => yearStart.slice(0, 4);

export const academicYearId = (yearStart: string): string => `ay-${yearKey(yearStart)}`;
export const termId = (yearStart: string, term: string): string => `ay-${yearKey(yearStart)}-${term}`;
export const courseId = (code: string, yearStart: string): string => `course-${code}-${yearKey(yearStart)}`;

/** A teaching group of a module in a year: `CS2041-2026-LEC`, `CS2041-2026-LAB-A`. */
export const classId = (code: string, yearStart: string, groupCode: string): string => `${code}-${yearKey(yearStart)}-${groupCode}`;

/** A weekly occurrence: the group, the teaching week and the index of the slot in the module's week. */
export const weeklyEventId = (classSourcedId: string, week: number, slotIndex: number): string =>
  `ev-${classSourcedId}-w${String(week).padStart(2, '0')}-${slotIndex}`;

/** A one-off class of a group on a date (the demo's classes of the day). */
export const extraEventId = (classSourcedId: string, date: string): string => `ev-${classSourcedId}-extra-${date}`;

export const roleId = (userSourcedId: string, role: string): string => `role-${userSourcedId}-${role}`;
export const enrollmentId = (classSourcedId: string, userSourcedId: string): string => `enr-${classSourcedId}-${userSourcedId}`;

/** 'Religious observance' → 'religious-observance'. */
export const slug = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** Group letters: A … Z, then AA, AB, … */
export function groupLetter(index: number): string {
  let n = index;
  let letters = '';
  do {
    letters = String.fromCharCode(65 + (n % 26)) + letters;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return letters;
}
