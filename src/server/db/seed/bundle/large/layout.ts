import { type AcademicYear, academicYearOf, teachingWeeks } from '../../calendar.js';

/**
 * The shape of a large generated university, worked out from its options by arithmetic alone, so
 * that any student, group or event can be generated from its index without holding the others:
 * how many non-lecture groups each module has, how many weekly slots each group has, how many
 * modules each student takes.
 */

export interface LargeUniversityOptions {
  /** The day it is relative to (its current academic year is the one timetabled). */
  readonly today: Date;
  readonly students: number;
  readonly staff: number;
  readonly modules: number;
  /** Teaching groups in all, at least two per module (a lecture group and one other). */
  readonly groups: number;
  /** Enrolment rows in all (students and teachers), approximately. */
  readonly enrolmentsTarget: number;
  /** Events in all, approximately (at least every group's first slot every teaching week). */
  readonly eventsTarget: number;
}

export const LARGE_DEFAULTS: Omit<LargeUniversityOptions, 'today'> = {
  students: 35_000, staff: 3_000, modules: 2_500, groups: 6_000, enrolmentsTarget: 350_000, eventsTarget: 250_000,
};

/** The most weekly slots one group gets, however many events are asked for. */
const MAX_SLOTS_PER_GROUP = 10;
/** Share of the staff who teach; the rest are professional services. */
const TEACHING_SHARE = 0.8;
const MODULES_PER_SCHOOL = 250;
export const MAX_SCHOOLS = 12;
/** Groups per room, so that rooms are shared but not absurdly. */
const GROUPS_PER_ROOM = 6;

/** n split into `parts` nearly equal shares: share i is `base`, plus one for the first `remainder`. */
interface Split {
  readonly base: number;
  readonly remainder: number;
}
const split = (n: number, parts: number): Split => ({ base: Math.floor(n / parts), remainder: n % parts });
const shareOf = (s: Split, i: number): number => s.base + (i < s.remainder ? 1 : 0);
/** The sum of the shares before share i. */
const sharesBefore = (s: Split, i: number): number => i * s.base + Math.min(i, s.remainder);

export interface Layout {
  readonly options: LargeUniversityOptions;
  readonly year: AcademicYear;
  readonly schools: number;
  readonly teachingStaff: number;
  readonly rooms: number;
  /** Non-lecture groups of module m. */
  nonLectureGroups(m: number): number;
  /** The global index of module m's lecture group; its other groups follow it. */
  firstGroup(m: number): number;
  /** Weekly slots of the group with global index g. */
  slotsOf(g: number): number;
  /** Modules taken by student i. */
  modulesOf(i: number): number;
}

function wholeNumber(name: string, value: number, min: number): void {
  if (!Number.isInteger(value) || value < min) throw new RangeError(`generateUniversity: ${name} must be a whole number of at least ${min}, got ${value}`);
}

export function layoutOf(options: LargeUniversityOptions): Layout {
  const { students, staff, modules, groups, enrolmentsTarget, eventsTarget } = options;
  wholeNumber('students', students, 1);
  wholeNumber('staff', staff, 1);
  wholeNumber('modules', modules, 1);
  wholeNumber('groups', groups, 2 * modules);
  wholeNumber('enrolmentsTarget', enrolmentsTarget, 0);
  wholeNumber('eventsTarget', eventsTarget, 0);

  const year = academicYearOf(options.today);
  const weeks = teachingWeeks(year);
  const allWeeks = weeks.length;
  const taughtWeeks = weeks.filter((w) => !w.isRevision).length;
  // Every group's slot 0 runs every week (revision weeks too); further slots run in taught weeks.
  const extraSlots = taughtWeeks === 0 ? 0 : Math.max(0, Math.round((eventsTarget - groups * allWeeks) / taughtWeeks));
  const slots = split(Math.min(extraSlots, groups * (MAX_SLOTS_PER_GROUP - 1)), groups);
  const extraGroups = split(groups - modules, modules);
  // Each teaching group has one teacher; each student is in two groups of each module they take.
  const pairs = split(Math.max(0, Math.floor((enrolmentsTarget - groups) / 2)), students);
  if (shareOf(pairs, 0) > modules) throw new RangeError(`generateUniversity: ${enrolmentsTarget} enrolments would need more than the ${modules} modules per student`);

  return {
    options,
    year,
    schools: Math.min(MAX_SCHOOLS, Math.ceil(modules / MODULES_PER_SCHOOL)),
    teachingStaff: Math.max(1, Math.round(staff * TEACHING_SHARE)),
    rooms: Math.max(4, Math.ceil(groups / GROUPS_PER_ROOM)),
    nonLectureGroups: (m) => shareOf(extraGroups, m),
    firstGroup: (m) => m + sharesBefore(extraGroups, m),
    slotsOf: (g) => 1 + shareOf(slots, g),
    modulesOf: (i) => shareOf(pairs, i),
  };
}
