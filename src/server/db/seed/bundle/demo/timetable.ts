import { type AcademicYear, addMinutes, londonDate } from '../../calendar.js';
import type { Rng } from '../../prng.js';
import { todaysClasses } from '../../timetable.js';
import { extraEventId, weeklyEventId } from '../ids.js';
import type { EventRecord } from '../records.js';
import { type WeeklyExpander, weeklyExpander } from '../weekly.js';
import { type DemoGroup, type DemoModule, seedSlots } from './groups.js';

/**
 * The demo's occurrences, planned as the seed plans them (timetable.ts): every group's weekly
 * slots over its year's teaching weeks, none overlapping today's two classes; two cancellations
 * per module, drawn with the seed's generator over the seed's list of the module's classes, so
 * that the same classes are cancelled (a cancelled lab week is cancelled for both groups);
 * today's CS2041 lab (group A) and CS2052 lecture; and the lecturer's one-off cover of the next
 * CS2063 two-hour lab, the one the seed picks.
 */

const CANCELLATIONS_PER_MODULE = 2;
const COVER = { moduleCode: 'CS2063', minutes: 120, teacher: 'lecturer' } as const;

const overlaps = (start: Date, end: Date, span: readonly [Date, Date]): boolean => start < span[1] && end > span[0];
const weekSlotKey = (week: number, slotIndex: number): string => `${week}:${slotIndex}`;
const minutesOf = (e: EventRecord): number => (e.end.getTime() - e.start.getTime()) / 60_000;

/** The week-and-slot keys of a module's cancelled classes: the seed's draw over the seed's list. */
function cancelledKeys(module: DemoModule, expand: WeeklyExpander, blocked: readonly [Date, Date], rng: Rng): Set<string> {
  const seedList = [...expand(seedSlots(module.spec))].filter((o) => !overlaps(o.start, o.end, blocked));
  const picks = rng.shuffle(seedList.map((_, i) => i)).slice(0, CANCELLATIONS_PER_MODULE);
  return new Set(picks.map((i) => seedList[i]).filter((o) => o !== undefined).map((o) => weekSlotKey(o.week.week, o.slotIndex)));
}

function weeklyEvents(group: DemoGroup, expand: WeeklyExpander, blocked: readonly [Date, Date], cancelled: ReadonlySet<string>): EventRecord[] {
  const events: EventRecord[] = [];
  for (const occurrence of expand(group.slots)) {
    if (overlaps(occurrence.start, occurrence.end, blocked)) continue;
    const slot = group.slots.find((s) => s.index === occurrence.slotIndex);
    if (!slot) continue;
    events.push({
      sourcedId: weeklyEventId(group.sourcedId, occurrence.week.week, occurrence.slotIndex), classSourcedId: group.sourcedId,
      eventType: slot.type, start: occurrence.start, end: occurrence.end, roomSourcedId: slot.room, teacherSourcedIds: [],
      isAttendanceMonitored: slot.isMonitored && !occurrence.week.isRevision,
      isCancelled: cancelled.has(weekSlotKey(occurrence.week.week, occurrence.slotIndex)),
    });
  }
  return events;
}

/** The group a class of the day belongs to: the lecture group, or group A of its kind (where the personas are). */
function groupOfTodays(module: DemoModule, type: string): DemoGroup {
  const found = type === 'Lecture' ? module.lecture : module.groups.find((g) => g.kind === type && g.letter === 'A');
  if (!found) throw new Error(`Demo bundle: ${module.spec.code} has no ${type} group for today's class`);
  return found;
}

/** Every occurrence of the demo, sorted by start then group. */
export function demoEvents(modules: readonly DemoModule[], current: AcademicYear, today: Date, rng: Rng): EventRecord[] {
  const specials = todaysClasses(today);
  const first = specials[0];
  const last = specials[specials.length - 1];
  if (!first || !last) throw new Error('Demo bundle: no classes for today');
  const blocked: readonly [Date, Date] = [first.start, addMinutes(last.start, last.minutes)];
  const expanders = new Map<string, WeeklyExpander>();
  const expanderOf = (year: AcademicYear) => {
    const known = expanders.get(year.label);
    if (known) return known;
    const made = weeklyExpander(year);
    expanders.set(year.label, made);
    return made;
  };

  const events: EventRecord[] = [];
  const seedGroups = new Set<string>();
  for (const module of modules) {
    const expand = expanderOf(module.year);
    const cancelled = cancelledKeys(module, expand, blocked, rng);
    for (const group of module.groups) events.push(...weeklyEvents(group, expand, blocked, cancelled));
    for (const group of module.groups) if (group.letter !== 'B') seedGroups.add(group.sourcedId);
    for (const special of specials.filter((s) => s.code === module.spec.code)) {
      if (module.year.label !== current.label) throw new Error(`Demo bundle: today's ${special.code} class is not in the current year`);
      const group = groupOfTodays(module, special.type);
      events.push({
        sourcedId: extraEventId(group.sourcedId, londonDate(special.start)), classSourcedId: group.sourcedId, eventType: special.type,
        start: special.start, end: addMinutes(special.start, special.minutes), roomSourcedId: special.room, teacherSourcedIds: [],
        isAttendanceMonitored: true, isCancelled: false,
      });
    }
  }
  events.sort((a, b) => a.start.getTime() - b.start.getTime() || a.classSourcedId.localeCompare(b.classSourcedId));

  const coverModule = modules.find((m) => m.spec.code === COVER.moduleCode);
  const coverGroups = new Set(coverModule?.groups.map((g) => g.sourcedId).filter((id) => seedGroups.has(id)));
  const cover = events.findIndex((e) => coverGroups.has(e.classSourcedId) && e.start > today && !e.isCancelled && minutesOf(e) === COVER.minutes);
  const covered = events[cover];
  if (covered) events[cover] = { ...covered, teacherSourcedIds: [COVER.teacher] };
  return events;
}
