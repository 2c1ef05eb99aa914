import type { SessionUser } from '../../auth/session.service.js';
import type { Db } from '../../db/database.js';
import { forbidden, notFound } from '../../http/errors.js';
import { listedOnEventSql, teachesEventSql } from '../timetable/membership.js';

/** True when the user teaches the class: assigned to its module, its group or the class itself. */
export async function teaches(db: Db, userId: number, eventId: number): Promise<boolean> {
  const row = await db
    .selectFrom('timetable_events as e')
    .select('e.id')
    .where('e.id', '=', eventId)
    .where(teachesEventSql(userId))
    .executeTakeFirst();
  return row !== undefined;
}

/** A class an import deactivated is gone for staff too: 404, like one that never existed. */
async function assertExists(db: Db, eventId: number): Promise<void> {
  const event = await db.selectFrom('timetable_events').select('id').where('id', '=', eventId).where('is_active', '=', true).executeTakeFirst();
  if (!event) throw notFound('The class');
}

/**
 * A lecturer reaches only the classes they teach: 404 for a class that does not exist, 403 for
 * one they do not teach.
 */
export async function assertTeaches(db: Db, user: SessionUser, eventId: number): Promise<void> {
  await assertExists(db, eventId);
  if (!(await teaches(db, user.id, eventId))) throw forbidden();
}

/** True when the user is one of the lecturers the class lists (see `listedOnEventSql`). */
export async function isListedOn(db: Db, userId: number, eventId: number): Promise<boolean> {
  const row = await db
    .selectFrom('timetable_events as e')
    .select('e.id')
    .where('e.id', '=', eventId)
    .where(listedOnEventSql(userId))
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the user may move, cancel or close the class: an administrator, or a lecturer it lists. */
export async function mayChangeClass(db: Db, user: SessionUser, eventId: number): Promise<boolean> {
  return user.roles.includes('Administrator') || isListedOn(db, user.id, eventId);
}

/**
 * Changing a class (move, cancel, close its register): any administrator, or one of the lecturers
 * the class lists (its card's names). 404 for an unknown class, 403 for anyone else, including a
 * lecturer of the module whose name is not on this class.
 */
export async function assertMayChangeClass(db: Db, user: SessionUser, eventId: number): Promise<void> {
  await assertExists(db, eventId);
  if (!(await mayChangeClass(db, user, eventId))) throw forbidden();
}
