import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * Who attends and who teaches what (issue 30). Students are in teaching groups (`enrolments`);
 * lecturers teach a whole module, a group, or one event (`teaching_assignments`). An event belongs
 * to one group. Deactivated enrolments, assignments, groups and events count for nothing: an
 * import deactivates, never deletes. Every read of "whose class is this" goes through here.
 */

/** The active groups a student is in (in one academic year, when given). */
export function enrolledGroups(db: Db, studentUserId: number, academicYear?: string | readonly string[]) {
  let query = db
    .selectFrom('enrolments as n')
    .innerJoin('teaching_groups as g', 'g.id', 'n.group_id')
    .select('n.group_id')
    .where('n.student_user_id', '=', studentUserId)
    .where('n.is_active', '=', true)
    .where('g.is_active', '=', true);
  if (typeof academicYear === 'string') query = query.where('n.academic_year', '=', academicYear);
  else if (academicYear) query = query.where('n.academic_year', 'in', academicYear.length ? [...academicYear] : ['']);
  return query;
}

/** The active groups a lecturer teaches: assigned to the group, or to its whole module. */
export function taughtGroups(db: Db, lecturerUserId: number) {
  return db
    .selectFrom('teaching_groups as g')
    .select('g.id')
    .where('g.is_active', '=', true)
    .where((eb) => eb.exists(
      eb.selectFrom('teaching_assignments as t')
        .select('t.id')
        .where('t.lecturer_user_id', '=', lecturerUserId)
        .where('t.is_active', '=', true)
        .where((inner) => inner.or([inner('t.group_id', '=', inner.ref('g.id')), inner('t.module_id', '=', inner.ref('g.module_id'))])),
    ));
}

/** The events a lecturer covers one by one. */
export function taughtEvents(db: Db, lecturerUserId: number) {
  return db
    .selectFrom('teaching_assignments')
    .select('event_id')
    .where('lecturer_user_id', '=', lecturerUserId)
    .where('event_id', 'is not', null)
    .where('is_active', '=', true);
}

/**
 * SQL: the lecturer `lecturer` teaches the event aliased `e` (for raw queries; `e` must have
 * `id`, `group_id` and `module_id`).
 */
export function teachesEventSql(lecturer: RawBuilder<unknown> | number, e = 'e'): RawBuilder<boolean> {
  const ev = sql.table(e);
  return sql<boolean>`exists (
    select 1 from teaching_assignments ta
    where ta.lecturer_user_id = ${lecturer} and ta.is_active
      and (ta.event_id = ${ev}.id or ta.group_id = ${ev}.group_id or ta.module_id = ${ev}.module_id))`;
}

/**
 * SQL: the lecturer `lecturer` is listed on the event aliased `e`, as its card names its lecturers
 * (the import's `staff_names`): one of the event's own teachers when it has any (a cover), else
 * one of its group's. Only they (and administrators) may move, cancel or close the class; a
 * lecturer who teaches the module's other groups, or whose group's class another lecturer covers,
 * may see its register but not change it.
 */
export function listedOnEventSql(lecturer: RawBuilder<unknown> | number, e = 'e'): RawBuilder<boolean> {
  const ev = sql.table(e);
  return sql<boolean>`(
    exists (select 1 from teaching_assignments ta
      where ta.lecturer_user_id = ${lecturer} and ta.is_active and ta.event_id = ${ev}.id)
    or (not exists (select 1 from teaching_assignments ta where ta.is_active and ta.event_id = ${ev}.id)
      and exists (select 1 from teaching_assignments ta
        where ta.lecturer_user_id = ${lecturer} and ta.is_active and ta.group_id = ${ev}.group_id)))`;
}

/** The students of an event's group in its academic year, and its lecturers: whom a change to it concerns. */
export async function peopleOfEvent(db: Db, eventId: number, academicYear: string): Promise<number[]> {
  const { rows } = await sql<{ user_id: number }>`
    select n.student_user_id as user_id
    from timetable_events e
    join enrolments n on n.group_id = e.group_id and n.academic_year = ${academicYear} and n.is_active
    where e.id = ${eventId}
    union
    select ta.lecturer_user_id
    from timetable_events e
    join teaching_assignments ta on ta.is_active and (ta.event_id = e.id or ta.group_id = e.group_id or ta.module_id = e.module_id)
    where e.id = ${eventId}`.execute(db);
  return rows.map((row) => row.user_id);
}
