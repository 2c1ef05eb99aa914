import { hashSeed } from '../../prng.js';
import { weeklyEventId } from '../ids.js';
import type { EnrollmentRecord, EventRecord } from '../records.js';
import { weeklyExpander } from '../weekly.js';
import { groupsOf, moduleAt, schoolOrg } from './catalogue.js';
import type { Layout } from './layout.js';
import { studentId, studentModules, teacherOf } from './people.js';

/** The large university's occurrences and enrolments, streamed module by module and student by student. */

/** One occurrence in a hundred is cancelled (by its id's hash, so the same ones every time). */
const CANCELLED_PER_HUNDRED = 1;

export function* largeEventRecords(layout: Layout): Generator<EventRecord> {
  const expand = weeklyExpander(layout.year);
  for (let m = 0; m < layout.options.modules; m += 1) {
    for (const group of groupsOf(layout, moduleAt(layout, m))) {
      for (const occurrence of expand(group.slots)) {
        const slot = group.slots[occurrence.slotIndex];
        if (!slot) continue;
        const sourcedId = weeklyEventId(group.sourcedId, occurrence.week.week, occurrence.slotIndex);
        yield {
          sourcedId, classSourcedId: group.sourcedId, eventType: slot.type, start: occurrence.start, end: occurrence.end,
          roomSourcedId: slot.room, teacherSourcedIds: [], isAttendanceMonitored: slot.isMonitored && !occurrence.week.isRevision,
          isCancelled: hashSeed(sourcedId) % 100 < CANCELLED_PER_HUNDRED,
        };
      }
    }
  }
}

/** A teacher on every group, then each student in the lecture group and one other group of each of their modules. */
export function* largeEnrollmentRecords(layout: Layout): Generator<EnrollmentRecord> {
  for (let m = 0; m < layout.options.modules; m += 1) {
    const module = moduleAt(layout, m);
    for (const group of groupsOf(layout, module)) {
      yield { classSourcedId: group.sourcedId, userSourcedId: teacherOf(layout, group.index), role: 'teacher', schoolSourcedId: schoolOrg(module.school), isPrimary: true };
    }
  }
  for (let i = 0; i < layout.options.students; i += 1) {
    const userSourcedId = studentId(i);
    for (const [j, m] of studentModules(layout, i).entries()) {
      const module = moduleAt(layout, m);
      const [lecture, ...others] = groupsOf(layout, module);
      const other = others[(i + j) % Math.max(1, others.length)];
      for (const group of [lecture, other]) {
        if (group) yield { classSourcedId: group.sourcedId, userSourcedId, role: 'student', schoolSourcedId: schoolOrg(module.school), isPrimary: null };
      }
    }
  }
}
