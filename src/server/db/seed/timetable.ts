import type { Insertable } from 'kysely';
import type { Db } from '../database.js';
import type { TimetableEventsTable } from '../schema.domain.js';
import {
  type AcademicYear, addMinutes, earlierAcademicYear, londonDate, londonInstant, roundToMinutes, teachingWeeks,
} from './calendar.js';
import { attendanceRegistration } from '../../../shared/constants.js';
import { addLocalDays } from '../../../shared/rules/absences/dates.js';
import { LECTURER_MODULES, type ModuleSpec, type ModuleStage, moduleSpecs, STUDENT_MODULES } from './catalogue.js';
import { idOf } from './people.js';
import type { Rng } from './prng.js';
import { chunk } from './support.js';

/** Weekly classes for three academic years, today's guaranteed classes, enrolments and teaching. */

export interface SeededEvent {
  readonly id: number;
  readonly moduleCode: string;
  readonly academicYear: string;
  readonly startsAt: Date;
  readonly minutes: number;
  readonly isMonitored: boolean;
  readonly isCancelled: boolean;
}

export interface Enrolment {
  readonly userId: number;
  readonly moduleCode: string;
  readonly academicYear: string;
}

export interface SeededTimetable {
  readonly events: readonly SeededEvent[];
  readonly enrolments: readonly Enrolment[];
}

interface PlannedEvent extends Omit<SeededEvent, 'id'> {
  readonly row: Insertable<TimetableEventsTable>;
}

const CANCELLATIONS_PER_MODULE = 2;

/**
 * Today's classes, whatever the weekday or term: a monitored CS2041 lab that started up to 10
 * minutes ago (its registration window is open) and a monitored CS2052 lecture about 90 minutes
 * from now, at least 10 (its registration opens 10 minutes before it starts, so that is still to
 * come). Both belong to `student`'s and `lecturer`'s modules, and both are on today's London date
 * when they can be, as home and "this week" list them under it: just after midnight the lab
 * starts at midnight, and in the evening the lecture starts by 23:00, so it also ends by midnight.
 * From 22:50 on that is less than 10 minutes away: the lecture is then tomorrow's, 90 minutes on.
 */
export function todaysClasses(today: Date): { code: string; type: 'Lab' | 'Lecture'; room: string; start: Date; minutes: number }[] {
  const day = londonDate(today);
  const labStart = roundToMinutes(addMinutes(today, -5), 5, 'down');
  const midnight = londonInstant(day, '00:00');
  const lectureStart = roundToMinutes(addMinutes(today, 90), 5, 'up');
  const lastStart = londonInstant(day, '23:00');
  const lastInTime = lectureStart > lastStart && lastStart >= addMinutes(today, attendanceRegistration.opensMinutesBeforeStart);
  return [
    { code: 'CS2041', type: 'Lab', room: 'ENG-2.03', start: labStart < midnight ? midnight : labStart, minutes: 60 },
    { code: 'CS2052', type: 'Lecture', room: 'SCI-0.14', start: lastInTime ? lastStart : lectureStart, minutes: 60 },
  ];
}

function yearOfStage(current: AcademicYear, stage: ModuleStage): AcademicYear {
  if (stage === 'current') return current;
  return earlierAcademicYear(current, stage === 'previous' ? 1 : 2);
}

function plannedRow(
  spec: ModuleSpec, moduleId: number, year: AcademicYear,
  e: { type: Insertable<TimetableEventsTable>['event_type']; room: string; start: Date; minutes: number; isMonitored: boolean },
  today: Date,
): PlannedEvent {
  // The seed writes the records of every class that has ended (attendance.ts): those registers
  // are closed. The rest, the class in progress included, are left to the close-registers job.
  const end = addMinutes(e.start, e.minutes);
  const published = londonInstant(addLocalDays(year.start, -21), '09:00');
  return {
    moduleCode: spec.code, academicYear: year.label, startsAt: e.start, minutes: e.minutes,
    isMonitored: e.isMonitored, isCancelled: false,
    row: {
      module_id: moduleId, event_type: e.type, room_id: e.room, starts_at: e.start, duration_minutes: e.minutes,
      is_monitored: e.isMonitored, is_cancelled: false, sequence: 0, last_modified: published, staff_names: spec.staff,
      register_closed_at: end <= today ? end : null,
      // The seed writes past records itself; its past classes are not the job's to alert about.
      missed_alerts_at: end <= today ? end : null,
    },
  };
}

/** The weekly classes of one module in its year, minus any that would overlap `blocked`. */
function weeklyClasses(spec: ModuleSpec, moduleId: number, year: AcademicYear, blocked: [Date, Date], today: Date): PlannedEvent[] {
  const planned: PlannedEvent[] = [];
  for (const week of teachingWeeks(year)) {
    const slots = week.isRevision ? spec.slots.slice(0, 1) : spec.slots;
    for (const slot of slots) {
      const start = londonInstant(addLocalDays(week.monday, slot.weekday - 1), slot.time);
      const end = addMinutes(start, slot.minutes);
      if (start < blocked[1] && end > blocked[0]) continue;
      const isMonitored = slot.isMonitored && !week.isRevision;
      planned.push(plannedRow(spec, moduleId, year, { type: slot.type, room: slot.room, start, minutes: slot.minutes, isMonitored }, today));
    }
  }
  return planned;
}

/** Cancels a few classes of a module: bumps SEQUENCE and LAST-MODIFIED as a calendar feed would. */
function cancelSome(planned: PlannedEvent[], rng: Rng, today: Date): PlannedEvent[] {
  const picks = new Set(rng.shuffle(planned.map((_, i) => i)).slice(0, CANCELLATIONS_PER_MODULE));
  return planned.map((event, i) => {
    if (!picks.has(i)) return event;
    const twoDaysBefore = addMinutes(event.startsAt, -2 * 24 * 60);
    const announced = twoDaysBefore < today ? twoDaysBefore : addMinutes(today, -60);
    return {
      ...event, isCancelled: true,
      row: { ...event.row, is_cancelled: true, sequence: 1, last_modified: announced },
    };
  });
}

function planEvents(moduleIds: ReadonlyMap<string, number>, current: AcademicYear, today: Date, rng: Rng): PlannedEvent[] {
  const specials = todaysClasses(today);
  const firstSpecial = specials[0];
  const lastSpecial = specials[specials.length - 1];
  if (!firstSpecial || !lastSpecial) throw new Error('Seed: no classes for today');
  const blocked: [Date, Date] = [firstSpecial.start, addMinutes(lastSpecial.start, lastSpecial.minutes)];
  const planned: PlannedEvent[] = [];
  for (const spec of moduleSpecs) {
    const moduleId = moduleIds.get(spec.code);
    if (moduleId === undefined) throw new Error(`Seed: no module ${spec.code}`);
    const year = yearOfStage(current, spec.stage);
    planned.push(...cancelSome(weeklyClasses(spec, moduleId, year, blocked, today), rng, today));
    for (const special of specials.filter((s) => s.code === spec.code)) {
      planned.push(plannedRow(spec, moduleId, current, { ...special, isMonitored: true }, today));
    }
  }
  return planned.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.moduleCode.localeCompare(b.moduleCode));
}

async function insertEvents(db: Db, planned: readonly PlannedEvent[]): Promise<SeededEvent[]> {
  const events: SeededEvent[] = [];
  for (const part of chunk(planned)) {
    const rows = await db.insertInto('timetable_events').values(part.map((p) => p.row)).returning('id').execute();
    // PostgreSQL returns the rows of one multi-row INSERT … VALUES in the order given.
    if (rows.length !== part.length) throw new Error('Seed: event insert count mismatch');
    part.forEach(({ row: _row, ...event }, i) => events.push({ ...event, id: rows[i]?.id ?? 0 }));
  }
  return events;
}

/** Who takes which modules in which stage. Cohort member i skips one current module, in turn. */
function planEnrolments(users: ReadonlyMap<string, number>, cohort: readonly number[], current: AcademicYear): Enrolment[] {
  const codesOf = (stage: ModuleStage) => moduleSpecs.filter((m) => m.stage === stage).map((m) => m.code);
  const currentCodes = codesOf('current');
  const plan: [number, ModuleStage, readonly string[]][] = [
    [idOf(users, 'student'), 'current', STUDENT_MODULES],
    [idOf(users, 'student'), 'previous', codesOf('previous')],
    [idOf(users, 'student'), 'twoYearsAgo', codesOf('twoYearsAgo')],
    [idOf(users, 'student2'), 'current', ['CS2041', 'CS2052', 'CS2063', 'CS2096']],
    [idOf(users, 'student2'), 'previous', codesOf('previous')],
    [idOf(users, 'student.unenrolled'), 'current', ['CS2041', 'CS2074']],
    [idOf(users, 'student.unknown'), 'current', ['CS2052', 'CS2085']],
    ...cohort.map((id, i): [number, ModuleStage, string[]] =>
      [id, 'current', currentCodes.filter((_, c) => c !== i % currentCodes.length)]),
  ];
  return plan.flatMap(([userId, stage, codes]) =>
    codes.map((moduleCode) => ({ userId, moduleCode, academicYear: yearOfStage(current, stage).label })));
}

export async function seedTimetable(
  db: Db,
  input: { today: Date; year: AcademicYear; rng: Rng; users: ReadonlyMap<string, number>; cohort: readonly number[]; moduleIds: ReadonlyMap<string, number> },
): Promise<SeededTimetable> {
  const { today, year, rng, users, cohort, moduleIds } = input;
  const moduleId = (code: string): number => moduleIds.get(code) ?? 0;
  const events = await insertEvents(db, planEvents(moduleIds, year, today, rng));

  const enrolments = planEnrolments(users, cohort, year);
  for (const part of chunk(enrolments)) {
    await db
      .insertInto('enrolments')
      .values(part.map((e) => ({ student_user_id: e.userId, module_id: moduleId(e.moduleCode), academic_year: e.academicYear })))
      .execute();
  }

  const lecturer = idOf(users, 'lecturer');
  await db
    .insertInto('teaching_assignments')
    .values(LECTURER_MODULES.map((code) => ({ lecturer_user_id: lecturer, module_id: moduleId(code), event_id: null })))
    .execute();
  // One-off cover: the lecturer also takes the next CS2063 lab.
  const cover = events.find((e) => e.moduleCode === 'CS2063' && e.startsAt > today && !e.isCancelled && e.minutes === 120);
  if (cover) {
    await db.insertInto('teaching_assignments').values({ lecturer_user_id: lecturer, module_id: null, event_id: cover.id }).execute();
  }
  return { events, enrolments };
}
