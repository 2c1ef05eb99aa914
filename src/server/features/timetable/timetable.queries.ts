import type { Role } from '../../../shared/contract/route.js';
import type { Db } from '../../db/database.js';
import type { EventType } from '../../db/schema.domain.js';
import { enrolledGroups, taughtEvents, taughtGroups } from './membership.js';

/** Whose timetable: what a student takes, what a lecturer teaches, or both for someone who is both. */
export interface TimetableOwner {
  readonly userId: number;
  readonly isStudent: boolean;
  readonly isLecturer: boolean;
}

export function timetableOwner(userId: number, roles: readonly Role[]): TimetableOwner {
  return { userId, isStudent: roles.includes('Student'), isLecturer: roles.includes('TeachingStaff') };
}

/** The academic year the timetable covers: [start, end), London midnights. */
export interface TimetableWindow {
  readonly start: Date;
  readonly end: Date;
  /** Enrolments are per academic year, e.g. '2025/26'. */
  readonly label: string;
}

export interface EventRow {
  readonly id: number;
  readonly event_type: EventType;
  readonly starts_at: Date;
  readonly duration_minutes: number;
  readonly is_monitored: boolean;
  readonly is_cancelled: boolean;
  readonly sequence: number;
  readonly last_modified: Date;
  readonly staff_names: string;
  readonly module_code: string;
  readonly module_name: string;
  readonly room_id: string | null;
  readonly room_name: string | null;
  readonly building_name: string | null;
  /** The event belongs to a module the owner is enrolled on as a student (so attendance applies). */
  readonly is_enrolled: boolean;
  /** The owner has registered attendance at it (students only). */
  readonly is_registered: boolean;
  /** When the owner registered, if they did. */
  readonly registered_at: Date | null;
  /** The owner teaches it (lecturers only). */
  readonly is_taught: boolean;
  /** Its module asks students for the check-in code (issue 31 §5); false for a lecturer's own view. */
  readonly requires_check_in_code: boolean;
}

/**
 * Every event of the owner in the window, in start order, in one query: modules and rooms are
 * joined, enrolment and teaching are `IN` subqueries (index lookups), registration an `EXISTS`
 * and its time a scalar subquery, both on its unique (student, event) index. No per-event round trips.
 */
export async function eventsOf(db: Db, owner: TimetableOwner, window: TimetableWindow): Promise<EventRow[]> {
  if (!owner.isStudent && !owner.isLecturer) return [];
  return eventsQuery(db, owner, window).execute();
}

/** The query of `eventsOf`, unexecuted (for EXPLAIN). */
export function eventsQuery(db: Db, owner: TimetableOwner, window: TimetableWindow) {
  const { userId } = owner;
  const enrolled = enrolledGroups(db, userId, window.label);
  const taught = taughtGroups(db, userId);
  const covered = taughtEvents(db, userId);
  return db
    .selectFrom('timetable_events as e')
    .innerJoin('modules as m', 'm.id', 'e.module_id')
    .leftJoin('rooms as r', 'r.id', 'e.room_id')
    .leftJoin('buildings as b', 'b.id', 'r.building_id')
    .select((eb) => {
      const registrations = eb
        .selectFrom('attendance_registrations as ar')
        .select('ar.id')
        .whereRef('ar.event_id', '=', 'e.id')
        .where('ar.student_user_id', '=', userId);
      return [
        'e.id', 'e.event_type', 'e.starts_at', 'e.duration_minutes', 'e.is_monitored', 'e.is_cancelled',
        'e.sequence', 'e.last_modified', 'e.staff_names',
        'm.code as module_code', eb.fn.coalesce('e.title', 'm.name').as('module_name'),
        'e.room_id', 'r.name as room_name', 'b.name as building_name',
        (owner.isStudent ? eb('e.group_id', 'in', enrolled) : eb.lit(false)).$castTo<boolean>().as('is_enrolled'),
        (owner.isStudent ? eb.exists(registrations) : eb.lit(false)).$castTo<boolean>().as('is_registered'),
        (owner.isStudent ? registrations.clearSelect().select('ar.registered_at').limit(1) : eb.val(null))
          .$castTo<Date | null>().as('registered_at'),
        (owner.isLecturer ? eb.or([eb('e.group_id', 'in', taught), eb('e.id', 'in', covered)]) : eb.lit(false))
          .$castTo<boolean>().as('is_taught'),
        (owner.isStudent
          ? eb.exists(eb.selectFrom('module_check_in_settings as s').select('s.module_id').whereRef('s.module_id', '=', 'e.module_id').where('s.is_required', '=', true))
          : eb.lit(false)).$castTo<boolean>().as('requires_check_in_code'),
      ];
    })
    .where('e.starts_at', '>=', window.start)
    .where('e.starts_at', '<', window.end)
    .where('e.is_active', '=', true)
    .where((eb) =>
      eb.or([
        ...(owner.isStudent ? [eb('e.group_id', 'in', enrolled)] : []),
        ...(owner.isLecturer ? [eb('e.group_id', 'in', taught), eb('e.id', 'in', covered)] : []),
      ]),
    )
    .orderBy('e.starts_at')
    .orderBy('e.id')
    .$castTo<EventRow>();
}
