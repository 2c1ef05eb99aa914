import {
  defaultAdminClassDays,
  defaultAdminClassPageSize,
  maxAdminClassRangeDays,
  type AdminClassPage,
  type AdminClassQuery,
} from '../../../../shared/contract/adminClasses.js';
import { addMinutes, londonDate, londonInstant } from '../../../calendar/academicCalendar.js';
import type { Db } from '../../../db/database.js';
import { badRequest } from '../../../http/errors.js';
import { londonIso } from '../../timetable/londonTime.js';
import { likePattern } from '../../../db/likePattern.js';

/** `%` and `_` in a search are matched as themselves (backslash is PostgreSQL's default LIKE escape). */

/** The calendar date `days` after a YYYY-MM-DD date. */
function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The London dates asked for, both included: today and the next 14 days by default; 400 for a reversed or too long range. */
export function classDateRange(query: Pick<AdminClassQuery, 'from' | 'to'>, now: Date): { from: string; to: string } {
  const from = query.from ?? londonDate(now);
  const to = query.to ?? addDays(from, defaultAdminClassDays);
  const days = daysBetween(from, to);
  if (days < 0) throw badRequest('The date range is not valid.', { to: ['Must be on or after the from date'] });
  if (days >= maxAdminClassRangeDays) {
    throw badRequest('The date range is not valid.', { to: [`Must be within ${maxAdminClassRangeDays} days of the from date`] });
  }
  return { from, to };
}

/**
 * Every timetabled class starting within the London dates asked for (cancelled ones included),
 * optionally only those whose module code or title contains `q`, soonest first, a page at a time.
 */
export async function listClasses(db: Db, query: AdminClassQuery, now: Date): Promise<AdminClassPage> {
  const { from, to } = classDateRange(query, now);
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? defaultAdminClassPageSize;
  let filtered = db
    .selectFrom('timetable_events as e')
    .innerJoin('modules as m', 'm.id', 'e.module_id')
    .leftJoin('rooms as r', 'r.id', 'e.room_id')
    .where('e.is_active', '=', true)
    .where('e.starts_at', '>=', londonInstant(from, '00:00'))
    .where('e.starts_at', '<', londonInstant(addDays(to, 1), '00:00'));
  if (query.q) {
    const pattern = likePattern(query.q);
    filtered = filtered.where((eb) => eb.or([eb('m.code', 'ilike', pattern), eb('m.name', 'ilike', pattern)]));
  }
  const [rows, total] = await Promise.all([
    filtered
      .select(['e.id', 'e.starts_at', 'e.duration_minutes', 'e.is_cancelled', 'e.staff_names', 'e.room_id', 'm.code', 'm.name', 'r.name as room_name'])
      .orderBy('e.starts_at')
      .orderBy('e.id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(total.n),
    items: rows.map((row) => ({
      rowId: row.id,
      start: londonIso(row.starts_at),
      end: londonIso(addMinutes(row.starts_at, row.duration_minutes)),
      moduleCode: row.code,
      moduleTitle: row.name,
      roomId: row.room_id,
      room: row.room_name,
      isCancelled: row.is_cancelled,
      lecturers: row.staff_names,
    })),
  };
}
