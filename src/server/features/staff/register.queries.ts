import { sql } from 'kysely';
import { attendanceRegistration } from '../../../shared/constants.js';
import type { ClassRegister, RegisterStudent } from '../../../shared/contract/staffRegister.js';
import { registerOverrideDays } from '../../../shared/contract/staffRegister.js';
import type { AttendanceResult } from '../../db/schema.domain.js';
import type { Db } from '../../db/database.js';
import { academicYearLabelOf, addMinutes } from '../../calendar/academicCalendar.js';
import { notFound } from '../../http/errors.js';
import { londonIso } from '../timetable/londonTime.js';
import { registerHistory } from './register.history.js';

export interface RegisterEvent {
  readonly id: number;
  /** The teaching group whose students are on the register. */
  readonly groupId: number;
  readonly startsAt: Date;
  readonly durationMinutes: number;
  readonly isCancelled: boolean;
  readonly isMonitored: boolean;
  readonly closedAt: Date | null;
}

/** The last moment a lecturer may mark a student present: the class's end plus the override days. */
export function overrideUntil(event: Pick<RegisterEvent, 'startsAt' | 'durationMinutes'>): Date {
  return addMinutes(event.startsAt, event.durationMinutes + registerOverrideDays * 24 * 60);
}

export async function loadRegisterEvent(db: Db, eventId: number): Promise<RegisterEvent> {
  const row = await db
    .selectFrom('timetable_events')
    .select(['id', 'group_id', 'starts_at', 'duration_minutes', 'is_cancelled', 'is_monitored', 'register_closed_at'])
    .where('id', '=', eventId)
    .where('is_active', '=', true)
    .executeTakeFirst();
  if (!row) throw notFound('The class');
  return {
    id: row.id, groupId: row.group_id, startsAt: row.starts_at, durationMinutes: row.duration_minutes,
    isCancelled: row.is_cancelled, isMonitored: row.is_monitored, closedAt: row.register_closed_at,
  };
}

interface StudentRow {
  readonly user_id: number;
  readonly display_name: string;
  readonly student_id: string | null;
  readonly registered_at: Date | null;
  readonly marked_by_user_id: number | null;
  readonly analysis_result: AttendanceResult | null;
  readonly absence_type: 'Authorised' | 'Informed' | null;
}

function toStudent(row: StudentRow): RegisterStudent {
  const state = row.registered_at
    ? (row.marked_by_user_id === null ? 'Registered' : 'MarkedPresent')
    : (row.absence_type ? 'AbsenceCovering' : 'NotYet');
  return {
    userId: row.user_id,
    displayName: row.display_name,
    studentId: row.student_id,
    state,
    registeredAt: row.registered_at ? londonIso(row.registered_at) : null,
    absenceType: row.absence_type,
    result: row.analysis_result,
  };
}

/**
 * The students of a class (in its teaching group that academic year), by name, each with their
 * registration, the Approved absence covering the class (Authorised wins, as when closing) and
 * their record. One query.
 */
export async function registerStudents(db: Db, event: RegisterEvent): Promise<RegisterStudent[]> {
  const end = addMinutes(event.startsAt, event.durationMinutes);
  const rows = await sql<StudentRow>`
    select u.id as user_id, u.display_name, u.student_id, g.registered_at, g.marked_by_user_id, r.analysis_result,
      (select case when bool_or(c.absence_type = 'Authorised') then 'Authorised' else 'Informed' end
         from absence_requests a join absence_categories c on c.id = a.category_id
         where a.student_user_id = u.id and a.status = 'Approved'
           and a.absence_start < ${end} and a.absence_end > ${event.startsAt}
         having count(*) > 0) as absence_type
    from enrolments n
    join users u on u.id = n.student_user_id
    left join attendance_registrations g on g.student_user_id = u.id and g.event_id = ${event.id}
    left join attendance_records r on r.student_user_id = u.id and r.event_id = ${event.id}
    where n.group_id = ${event.groupId} and n.academic_year = ${academicYearLabelOf(event.startsAt)} and n.is_active
    order by u.display_name, u.id`.execute(db);
  return rows.rows.map(toStudent);
}

/** The register as `canChange` (whether the caller may move, cancel or close the class) shows it. */
export async function loadRegister(db: Db, eventId: number, closeMinutes: number, canChange: boolean): Promise<ClassRegister> {
  const event = await loadRegisterEvent(db, eventId);
  const facts = await db
    .selectFrom('timetable_events as e')
    .innerJoin('modules as m', 'm.id', 'e.module_id')
    .leftJoin('rooms as r', 'r.id', 'e.room_id')
    .leftJoin('module_check_in_settings as s', 's.module_id', 'e.module_id')
    .select((eb) => ['m.code', eb.fn.coalesce('e.title', 'm.name').as('name'), 'e.event_type', 'e.room_id', 'r.name as room_name', 's.is_required'])
    .where('e.id', '=', eventId)
    .executeTakeFirstOrThrow();
  return {
    rowId: event.id,
    moduleCode: facts.code,
    moduleName: facts.name,
    eventType: facts.event_type,
    startTime: londonIso(event.startsAt),
    duration: event.durationMinutes,
    roomId: facts.room_id,
    roomName: facts.room_name,
    isCancelled: event.isCancelled,
    isMonitored: event.isMonitored,
    registrationOpens: londonIso(addMinutes(event.startsAt, -attendanceRegistration.opensMinutesBeforeStart)),
    registrationCloses: londonIso(addMinutes(event.startsAt, closeMinutes)),
    closedAt: event.closedAt ? londonIso(event.closedAt) : null,
    overrideUntil: londonIso(overrideUntil(event)),
    students: await registerStudents(db, event),
    canChange,
    history: await registerHistory(db, event.id, event.closedAt),
    requiresCheckInCode: facts.is_required === true,
  };
}
