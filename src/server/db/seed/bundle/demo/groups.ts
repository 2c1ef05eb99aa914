import { type AcademicYear, earlierAcademicYear } from '../../calendar.js';
import { LECTURER_MODULES, type ModuleSpec, type ModuleStage, moduleSpecs } from '../../catalogue.js';
import { type GroupSlot, groupCode, groupTitle } from '../groups.js';
import { classId, courseId } from '../ids.js';
import { staffUserName } from './people.js';
import { isOneOf } from '../../../../../shared/guards.js';

/**
 * The demo's teaching groups. Each module has a lecture group for its whole cohort (the module's
 * Lecture slots) and, for each other kind of class it has (a lab, a seminar, …), two groups at
 * different times: group A at the seed's time (every persona is in A, so their week is the
 * seed's) and group B at the time below, chosen so that B clashes with no lecture or A group of
 * the same year, nor with another B, and no room is double-booked.
 */

/** Group B's day and time for a module's slot (same room and length as A), by `code:slotIndex`. */
const GROUP_B_TIMES: Readonly<Record<string, { readonly weekday: number; readonly time: string }>> = {
  'CS2041:1': { weekday: 2, time: '11:00' },
  'CS2052:1': { weekday: 1, time: '15:00' },
  'CS2063:1': { weekday: 4, time: '12:00' },
  'CS2074:1': { weekday: 3, time: '11:00' },
  'CS2085:1': { weekday: 2, time: '15:00' },
  'CS2096:1': { weekday: 5, time: '12:00' },
  'CS1011:1': { weekday: 1, time: '14:00' },
  'CS1022:1': { weekday: 3, time: '11:00' },
  'CS1033:1': { weekday: 2, time: '11:00' },
  'CS1044:1': { weekday: 5, time: '14:00' },
  'FD0101:1': { weekday: 4, time: '14:00' },
  'FD0102:1': { weekday: 1, time: '14:00' },
  'FD0103:0': { weekday: 5, time: '14:00' },
};

export const GROUP_LETTERS = ['A', 'B'] as const;
export type GroupLetter = (typeof GROUP_LETTERS)[number];

export interface DemoGroup {
  readonly sourcedId: string;
  readonly classCode: string;
  readonly title: string;
  /** null: the lecture group. */
  readonly letter: GroupLetter | null;
  readonly kind: GroupSlot['type'];
  readonly slots: readonly GroupSlot[];
}

export interface DemoModule {
  readonly spec: ModuleSpec;
  readonly year: AcademicYear;
  readonly courseSourcedId: string;
  readonly lecture: DemoGroup;
  /** Every group, the lecture group first. */
  readonly groups: readonly DemoGroup[];
  /** sourcedIds of the module's lecturers, the lead first. */
  readonly teachers: readonly string[];
}

export function yearOfStage(current: AcademicYear, stage: ModuleStage): AcademicYear {
  if (stage === 'current') return current;
  return earlierAcademicYear(current, stage === 'previous' ? 1 : 2);
}

/** The module's slots as the seed has them, each with its index in the module's week. */
export function seedSlots(spec: ModuleSpec): GroupSlot[] {
  return spec.slots.map((s, index) => ({ index, weekday: s.weekday, time: s.time, minutes: s.minutes, type: s.type, room: s.room, isMonitored: s.isMonitored }));
}

function group(spec: ModuleSpec, year: AcademicYear, kind: GroupSlot['type'], letter: GroupLetter | null, slots: readonly GroupSlot[]): DemoGroup {
  const code = groupCode(kind, letter);
  return {
    sourcedId: classId(spec.code, year.start, code), classCode: `${spec.code}-${code}`, title: groupTitle(spec.code, kind, letter),
    letter, kind, slots,
  };
}

function atGroupBTime(spec: ModuleSpec, slot: GroupSlot): GroupSlot {
  const time = GROUP_B_TIMES[`${spec.code}:${slot.index}`];
  if (!time) throw new Error(`Demo bundle: no group B time for ${spec.code} slot ${slot.index}`);
  return { ...slot, ...time };
}

function teachersOf(spec: ModuleSpec): string[] {
  const named = spec.staff.split(';').map((name) => staffUserName(name.trim()));
  const lecturer = isOneOf(LECTURER_MODULES, spec.code) ? ['lecturer'] : [];
  return [...new Set([...named, ...lecturer])];
}

export function demoModules(current: AcademicYear): DemoModule[] {
  return moduleSpecs.map((spec) => {
    const year = yearOfStage(current, spec.stage);
    const slots = seedSlots(spec);
    const lecture = group(spec, year, 'Lecture', null, slots.filter((s) => s.type === 'Lecture'));
    const kinds = [...new Set(slots.filter((s) => s.type !== 'Lecture').map((s) => s.type))];
    const split = kinds.flatMap((kind) => {
      const ofKind = slots.filter((s) => s.type === kind);
      return [group(spec, year, kind, 'A', ofKind), group(spec, year, kind, 'B', ofKind.map((s) => atGroupBTime(spec, s)))];
    });
    return { spec, year, courseSourcedId: courseId(spec.code, year.start), lecture, groups: [lecture, ...split], teachers: teachersOf(spec) };
  });
}
