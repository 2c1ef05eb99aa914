import { sql, type RawBuilder } from 'kysely';
import type { ImportEntity } from '../../../shared/contract/adminImports.js';
import { schoolYearOfStagedClass } from './checks.js';

/**
 * How each entity's staged rows become records: the table, its key, and each column's value as SQL
 * over the staged row `s` (`s.sourced_id`, `s.data`, `s.hash`). One entity may write two tables
 * (enrolments: students into `enrolments`, teachers into `teaching_assignments`), each taking the
 * staged rows `rows` selects.
 */
export interface TableWriter {
  readonly table: string;
  /** The column holding the sourced id: `sourced_id`, or `id` for rooms (the room id is its sourced id). */
  readonly key: 'sourced_id' | 'id';
  /** Which staged rows of the entity this table takes (SQL over `s`); all when absent. */
  readonly rows?: RawBuilder<unknown>;
  readonly columns: Readonly<Record<string, RawBuilder<unknown>>>;
  /** Columns set only when a row is first created (the rest are rewritten on every change). */
  readonly onCreate?: Readonly<Record<string, RawBuilder<unknown>>>;
  /** Overrides of the value written on an update (SQL over the held row `t` and `excluded`). */
  readonly onUpdate?: Readonly<Record<string, RawBuilder<unknown>>>;
  /** Whether the row is active (default: it is). */
  readonly isActive?: RawBuilder<unknown>;
}

const text = (field: string) => sql`nullif(s.data ->> ${field}, '')`;
const bool = (field: string) => sql`(s.data ->> ${field})::boolean`;
const int = (field: string) => sql`(s.data ->> ${field})::integer`;
const userBy = (field: string) => sql`(select u.id from users u where u.sourced_id = s.data ->> ${field})`;
const groupBy = (field: string) => sql`(select g.id from teaching_groups g where g.sourced_id = s.data ->> ${field})`;

/** '2026/27' from a school year's start date. */
const yearLabel = (start: RawBuilder<unknown>) =>
  sql`(to_char((${start})::date, 'YYYY') || '/' || to_char((${start})::date + interval '1 year', 'YY'))`;

const displayName = sql`coalesce(${text('preferredGivenName')}, s.data ->> 'givenName') || ' ' || coalesce(${text('preferredFamilyName')}, s.data ->> 'familyName')`;

/** The teachers' names shown on an event: its own teachers, else its group's. */
const staffNames = sql`coalesce(
  (select string_agg(u.display_name, '; ' order by u.display_name)
    from jsonb_array_elements_text(s.data -> 'teacherSourcedIds') as teacher(id) join users u on u.sourced_id = teacher.id),
  (select string_agg(u.display_name, '; ' order by u.display_name) from teaching_assignments ta join users u on u.id = ta.lecturer_user_id
    where ta.is_active and ta.group_id = ${groupBy('classSourcedId')}),
  '')`;

export function writersFor(entity: ImportEntity, batchId: number, now: Date): readonly TableWriter[] {
  switch (entity) {
    case 'academicSessions':
      return [{ table: 'academic_sessions', key: 'sourced_id', columns: {
        title: sql`s.data ->> 'title'`, session_type: sql`s.data ->> 'type'`,
        start_date: sql`(s.data ->> 'startDate')::date`, end_date: sql`(s.data ->> 'endDate')::date`,
        parent_sourced_id: text('parentSourcedId'), school_year: text('schoolYear'),
      } }];
    case 'orgs':
      return [{ table: 'orgs', key: 'sourced_id', columns: {
        name: sql`s.data ->> 'name'`, org_type: sql`s.data ->> 'type'`, identifier: text('identifier'), parent_sourced_id: text('parentSourcedId'),
      } }];
    case 'courses':
      return [{ table: 'modules', key: 'sourced_id', columns: {
        code: sql`s.data ->> 'courseCode'`, name: sql`s.data ->> 'title'`,
        school_year_sourced_id: text('schoolYearSourcedId'), org_sourced_id: text('orgSourcedId'),
      } }];
    case 'classes':
      return [{ table: 'teaching_groups', key: 'sourced_id', columns: {
        module_id: sql`(select m.id from modules m where m.sourced_id = s.data ->> 'courseSourcedId')`,
        title: sql`s.data ->> 'title'`, class_type: sql`s.data ->> 'classType'`, class_code: text('classCode'),
        term_sourced_ids: sql`array(select jsonb_array_elements_text(coalesce(s.data -> 'termSourcedIds', '[]'::jsonb)))`,
        location: text('location'), academic_year: yearLabel(schoolYearOfStagedClass(batchId)),
      } }];
    case 'users':
      return [{ table: 'users', key: 'sourced_id', columns: {
        user_name: sql`lower(s.data ->> 'username')`, display_name: displayName,
        first_name: sql`coalesce(${text('preferredGivenName')}, s.data ->> 'givenName')`,
        email: sql`coalesce(${text('email')}, '')`, student_id: text('identifier'), staff_job_family: text('staffJobFamily'),
      }, onCreate: { created_at: sql`${now}::timestamptz` }, isActive: bool('enabledUser') }];
    case 'roles':
      return [{ table: 'person_roles', key: 'sourced_id', columns: {
        user_id: userBy('userSourcedId'), role_type: sql`s.data ->> 'roleType'`, role: sql`s.data ->> 'role'`,
        org_sourced_id: sql`s.data ->> 'orgSourcedId'`, begin_date: sql`(s.data ->> 'beginDate')::date`, end_date: sql`(s.data ->> 'endDate')::date`,
      } }];
    case 'enrollments':
      return [
        { table: 'enrolments', key: 'sourced_id', rows: sql`s.data ->> 'role' = 'student'`, columns: {
          student_user_id: userBy('userSourcedId'), group_id: groupBy('classSourcedId'),
          module_id: sql`(select g.module_id from teaching_groups g where g.sourced_id = s.data ->> 'classSourcedId')`,
          academic_year: sql`(select g.academic_year from teaching_groups g where g.sourced_id = s.data ->> 'classSourcedId')`,
        } },
        { table: 'teaching_assignments', key: 'sourced_id', rows: sql`s.data ->> 'role' = 'teacher'`, columns: {
          lecturer_user_id: userBy('userSourcedId'), group_id: groupBy('classSourcedId'),
        } },
      ];
    case 'rooms':
      return [{ table: 'rooms', key: 'id', columns: {
        name: sql`s.data ->> 'name'`,
        building_id: sql`(select b.id from buildings b where b.name = s.data ->> 'building' order by b.id limit 1)`,
        floor: int('floor'), latitude: sql`(s.data ->> 'latitude')::double precision`, longitude: sql`(s.data ->> 'longitude')::double precision`,
        capacity: int('capacity'),
      } }];
    case 'events':
      return [{ table: 'timetable_events', key: 'sourced_id', columns: {
        group_id: groupBy('classSourcedId'),
        module_id: sql`(select g.module_id from teaching_groups g where g.sourced_id = s.data ->> 'classSourcedId')`,
        event_type: sql`s.data ->> 'eventType'`, room_id: text('roomSourcedId'),
        starts_at: sql`(s.data ->> 'start')::timestamptz`,
        duration_minutes: sql`greatest(1, round(extract(epoch from (s.data ->> 'end')::timestamptz - (s.data ->> 'start')::timestamptz) / 60))::integer`,
        is_monitored: bool('isAttendanceMonitored'), is_cancelled: bool('isCancelled'), title: text('title'),
        staff_names: staffNames, last_modified: sql`${now}::timestamptz`,
      }, onUpdate: { sequence: sql`t.sequence + 1` } }];
    case 'absenceCategories':
      return [{ table: 'absence_categories', key: 'sourced_id', columns: {
        name: sql`s.data ->> 'name'`, description: sql`s.data ->> 'description'`, absence_type: sql`s.data ->> 'absenceType'`,
        requires_description: bool('requiresDescription'), requires_evidence: bool('requiresEvidence'),
      }, onCreate: { display_order: sql`s.line` } }];
  }
}
