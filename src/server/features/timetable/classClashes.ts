import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { londonIso } from './londonTime.js';
import { listedOnEventSql } from './membership.js';

/** The slot a class would move to, and what to check there. */
export interface ClashSlot {
  readonly eventId: number;
  readonly startsAt: Date;
  readonly durationMinutes: number;
  /** The room it would be in; null for an online class (no room to clash). */
  readonly roomId: string | null;
  /** Check its lecturers and students too (false when only the room changes: they are where they were). */
  readonly isNewTime: boolean;
}

interface OtherClass {
  readonly code: string;
  readonly event_type: string;
  readonly starts_at: Date;
  readonly duration_minutes: number;
}

const hours = (start: Date, minutes: number): string =>
  `${londonIso(start).slice(11, 16)}–${londonIso(new Date(start.getTime() + minutes * 60_000)).slice(11, 16)}`;
const describe = (other: OtherClass): string => `${other.code} ${other.event_type} ${hours(other.starts_at, other.duration_minutes)}`;

/** SQL: the class aliased `o` is another live class overlapping the slot. */
const overlaps = (slot: ClashSlot) => {
  const end = new Date(slot.startsAt.getTime() + slot.durationMinutes * 60_000);
  return sql<boolean>`(o.id <> ${slot.eventId} and o.is_active and not o.is_cancelled
    and o.starts_at < ${end} and o.starts_at + make_interval(mins => o.duration_minutes) > ${slot.startsAt})`;
};

async function roomClashes(db: Db, slot: ClashSlot): Promise<string[]> {
  if (slot.roomId === null) return [];
  const { rows } = await sql<OtherClass & { room_name: string | null }>`
    select m.code, o.event_type, o.starts_at, o.duration_minutes, r.name as room_name
    from timetable_events o join modules m on m.id = o.module_id left join rooms r on r.id = o.room_id
    where o.room_id = ${slot.roomId} and ${overlaps(slot)}
    order by o.starts_at, o.id`.execute(db);
  return rows.map((row) => `Room: ${row.room_name ?? slot.roomId} is booked for ${describe(row)}.`);
}

/** The class's own lecturers (those it lists) who are listed on another class then. */
async function lecturerClashes(db: Db, slot: ClashSlot): Promise<string[]> {
  const { rows } = await sql<OtherClass & { display_name: string }>`
    with lecturers as (
      select distinct ta.lecturer_user_id as id
      from timetable_events this
      join teaching_assignments ta on ta.is_active and (ta.event_id = this.id or ta.group_id = this.group_id)
      where this.id = ${slot.eventId} and ${listedOnEventSql(sql.ref('ta.lecturer_user_id'), 'this')})
    select u.display_name, m.code, o.event_type, o.starts_at, o.duration_minutes
    from lecturers l
    join users u on u.id = l.id
    join timetable_events o on ${overlaps(slot)} and ${listedOnEventSql(sql.ref('l.id'), 'o')}
    join modules m on m.id = o.module_id
    order by u.display_name, o.starts_at, o.id`.execute(db);
  return rows.map((row) => `Lecturer: ${row.display_name} teaches ${describe(row)}.`);
}

/** How many of the class's students (its group, that academic year) have another class then. */
async function studentClashes(db: Db, slot: ClashSlot, academicYear: string): Promise<string[]> {
  const { rows } = await sql<{ n: number }>`
    select count(distinct n.student_user_id)::integer as n
    from timetable_events this
    join enrolments n on n.group_id = this.group_id and n.academic_year = ${academicYear} and n.is_active
    where this.id = ${slot.eventId} and exists (
      select 1 from enrolments other
      join timetable_events o on o.group_id = other.group_id
      where other.student_user_id = n.student_user_id and other.academic_year = ${academicYear} and other.is_active
        and ${overlaps(slot)})`.execute(db);
  const count = rows[0]?.n ?? 0;
  if (count === 0) return [];
  return [`Students: ${count} ${count === 1 ? 'student has' : 'students have'} another class then.`];
}

/**
 * What a class would clash with in a new slot, one line each: another class in the room, another
 * class one of its lecturers teaches, and how many of its students have another class. Cancelled
 * and deactivated classes clash with nothing. Empty when the slot is free.
 */
export async function findClashes(db: Db, slot: ClashSlot, academicYear: string): Promise<string[]> {
  const room = await roomClashes(db, slot);
  if (!slot.isNewTime) return room;
  return [...room, ...(await lecturerClashes(db, slot)), ...(await studentClashes(db, slot, academicYear))];
}
