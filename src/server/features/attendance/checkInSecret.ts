import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.js';

/**
 * A class's check-in secret (issue 31 §5): 32 random bytes, made the first time any instance needs
 * one. Of two instances making it at once, the insert of one wins and both read the winner's, so
 * every instance derives the same codes. It never leaves the server.
 */
export async function checkInSecretOf(db: Db, eventId: number, now: Date): Promise<Buffer> {
  await db
    .insertInto('check_in_secrets')
    .values({ event_id: eventId, secret: randomBytes(32), created_at: now })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .execute();
  const row = await db.selectFrom('check_in_secrets').select('secret').where('event_id', '=', eventId).executeTakeFirstOrThrow();
  return row.secret;
}

/** Whether the module of a class asks for a check-in code (no setting: it does not). */
export async function requiresCheckInCode(db: Db, eventId: number): Promise<boolean> {
  const row = await db
    .selectFrom('timetable_events as e')
    .innerJoin('module_check_in_settings as s', 's.module_id', 'e.module_id')
    .select('s.is_required')
    .where('e.id', '=', eventId)
    .executeTakeFirst();
  return row?.is_required === true;
}

/** The wrong or expired codes a student has sent for one class (their refusals, kept as evidence). */
export async function wrongCheckInCodes(db: Db, userId: number, eventId: number): Promise<number> {
  const row = await db
    .selectFrom('attendance_registration_refusals')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('student_user_id', '=', userId)
    .where('event_id', '=', eventId)
    .where('reason', 'in', ['CheckInCodeWrong', 'CheckInCodeExpired'])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
