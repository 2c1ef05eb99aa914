import { sql } from 'kysely';
import type { Db } from '../database.js';
import { addMinutes, londonDate, londonInstant, roundToMinutes } from './calendar.js';
import { attendanceRegistration } from '../../../shared/constants.js';

/**
 * The demo timetable after the import: its events and enrolments as the later seed steps need them
 * (attendance records, absences), keyed by teaching group; and today's two guaranteed classes,
 * which the bundle generator schedules (bundle/demo/timetable.ts).
 */

export interface SeededEvent {
  readonly id: number;
  /** The teaching group (its sourcedId) whose students attend it. */
  readonly groupKey: string;
  readonly academicYear: string;
  readonly startsAt: Date;
  readonly minutes: number;
  readonly isMonitored: boolean;
  readonly isCancelled: boolean;
}

export interface Enrolment {
  readonly userId: number;
  readonly groupKey: string;
  readonly academicYear: string;
}

export interface SeededTimetable {
  readonly events: readonly SeededEvent[];
  readonly enrolments: readonly Enrolment[];
}

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

/** The imported events and student enrolments, in start order. */
export async function importedTimetable(db: Db): Promise<SeededTimetable> {
  const events = await sql<{ id: number; group_key: string; academic_year: string; starts_at: Date; duration_minutes: number; is_monitored: boolean; is_cancelled: boolean }>`
    select e.id, g.sourced_id as group_key, g.academic_year, e.starts_at, e.duration_minutes, e.is_monitored, e.is_cancelled
    from timetable_events e join teaching_groups g on g.id = e.group_id
    where e.is_active order by e.starts_at, e.id`.execute(db);
  const enrolments = await sql<{ student_user_id: number; group_key: string; academic_year: string }>`
    select n.student_user_id, g.sourced_id as group_key, n.academic_year
    from enrolments n join teaching_groups g on g.id = n.group_id
    where n.is_active order by n.student_user_id, g.sourced_id`.execute(db);
  return {
    events: events.rows.map((e) => ({
      id: e.id, groupKey: e.group_key, academicYear: e.academic_year, startsAt: e.starts_at, minutes: e.duration_minutes,
      isMonitored: e.is_monitored, isCancelled: e.is_cancelled,
    })),
    enrolments: enrolments.rows.map((n) => ({ userId: n.student_user_id, groupKey: n.group_key, academicYear: n.academic_year })),
  };
}

/**
 * What the import leaves to the demo: each ended class's register closed when it ended (the seed
 * writes their records) and not the missed-class job's to alert about; the calendar dates of a
 * timetable published three weeks before its year began (09:00 London), and a cancellation
 * announced two days ahead (or an hour ago, for one at short notice) with a SEQUENCE of 1.
 */
export async function settlePastClasses(db: Db, today: Date, timeZone: string): Promise<void> {
  const end = sql`e.starts_at + make_interval(mins => e.duration_minutes)`;
  await sql`
    update timetable_events e set
      register_closed_at = case when ${end} <= ${today} then ${end} end,
      missed_alerts_at = case when ${end} <= ${today} then ${end} end,
      last_modified = case
        when e.is_cancelled then case when e.starts_at - interval '2 days' < ${today} then e.starts_at - interval '2 days' else ${today}::timestamptz - interval '1 hour' end
        else ((y.start_date - 21)::timestamp + time '09:00') at time zone ${timeZone} end,
      sequence = case when e.is_cancelled then 1 else 0 end
    from modules m, academic_sessions y
    where m.id = e.module_id and y.sourced_id = m.school_year_sourced_id`.execute(db);
}
