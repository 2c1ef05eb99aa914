import { sql } from 'kysely';
import type { ClashingEvent } from '../../../shared/contract/absences.js';
import type { Db } from '../../db/database.js';
import { academicYearLabelOf, addMinutes, londonInstant } from '../../calendar/academicCalendar.js';
import { londonIso } from '../timetable/londonTime.js';
import { enrolledGroups } from '../timetable/membership.js';

/** No class lasts longer than this; it bounds the index range scanned before the chosen start. */
const LONGEST_EVENT_MINUTES = 24 * 60;

const instantOf = (local: string): Date => {
  const [date = '', time = ''] = local.split('T');
  return londonInstant(date, time);
};

/**
 * The student's timetabled, not cancelled classes that the chosen start or end falls partway
 * through (SPEC §2: the warning asks to adjust the times): event start < boundary < event end, for
 * either boundary. Classes wholly inside the absence are not clashes: they are what it covers.
 * Enrolment is taken from the academic years of the two boundaries.
 */
export async function clashingEvents(db: Db, userId: number, startLocal: string, endLocal: string): Promise<ClashingEvent[]> {
  const start = instantOf(startLocal);
  const end = instantOf(endLocal);
  if (!(end > start)) return [];
  const years = [...new Set([academicYearLabelOf(start), academicYearLabelOf(end)])];
  const eventEnd = sql<Date>`e.starts_at + e.duration_minutes * interval '1 minute'`;
  const rows = await db
    .selectFrom('timetable_events as e')
    .innerJoin('modules as m', 'm.id', 'e.module_id')
    .select(['m.name as module_name', 'e.starts_at', eventEnd.as('ends_at')])
    .where('e.is_cancelled', '=', false)
    .where('e.group_id', 'in', enrolledGroups(db, userId, years))
    .where('e.is_active', '=', true)
    .where('e.starts_at', '>', addMinutes(start, -LONGEST_EVENT_MINUTES))
    .where('e.starts_at', '<', end)
    .where((eb) => eb.or([
      eb.and([eb('e.starts_at', '<', start), eb(eventEnd, '>', start)]),
      eb.and([eb('e.starts_at', '<', end), eb(eventEnd, '>', end)]),
    ]))
    .orderBy('e.starts_at')
    .execute();
  return rows.map((row) => ({ moduleName: row.module_name, eventStart: londonIso(row.starts_at), eventEnd: londonIso(new Date(row.ends_at)) }));
}
