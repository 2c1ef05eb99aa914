import type { SessionUser } from '../../auth/session.service.js';
import type { Db } from '../../db/database.js';
import { forbidden, notFound } from '../../http/errors.js';

/** True when the user teaches the class: assigned to its module or to the class itself. */
export async function teaches(db: Db, userId: number, eventId: number): Promise<boolean> {
  const row = await db
    .selectFrom('timetable_events as e')
    .innerJoin('teaching_assignments as t', (join) => join.on((eb) => eb.or([eb('t.module_id', '=', eb.ref('e.module_id')), eb('t.event_id', '=', eb.ref('e.id'))])))
    .select('e.id')
    .where('e.id', '=', eventId)
    .where('t.lecturer_user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

async function assertExists(db: Db, eventId: number): Promise<void> {
  const event = await db.selectFrom('timetable_events').select('id').where('id', '=', eventId).executeTakeFirst();
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

/** Changing a class (cancel, move): any administrator, or a lecturer of that class. */
export async function assertMayChangeClass(db: Db, user: SessionUser, eventId: number): Promise<void> {
  if (user.roles.includes('Administrator')) {
    await assertExists(db, eventId);
    return;
  }
  await assertTeaches(db, user, eventId);
}
