import type { Db } from '../../db/database.js';
import { academicYearLabelOf } from '../../calendar/academicCalendar.js';
import { badRequest } from '../../http/errors.js';
import { enrolledGroups } from '../timetable/membership.js';
import { refusalError, refusalReason, registrationWindow, type RefusalReason, type RegistrationFacts } from './registration.rules.js';

export interface RegistrationPolicy {
  /** Registration closes this many minutes after the class starts. */
  readonly closeMinutes: number;
  readonly isOnCampus: (address: string) => boolean;
}

export interface RegistrationAttempt {
  readonly userId: number;
  readonly eventId: number;
  readonly clientIp: string;
  readonly now: Date;
}

/** The class (if it exists) and what the checks need to know about it and the caller. */
async function factsOf(db: Db, userId: number, eventId: number): Promise<RegistrationFacts | undefined> {
  const event = await db
    .selectFrom('timetable_events')
    .select(['id', 'group_id', 'starts_at', 'is_monitored', 'is_cancelled'])
    .where('id', '=', eventId)
    .where('is_active', '=', true)
    .executeTakeFirst();
  if (!event) return undefined;
  const [enrolment, registration] = await Promise.all([
    enrolledGroups(db, userId, academicYearLabelOf(event.starts_at)).where('n.group_id', '=', event.group_id).executeTakeFirst(),
    db.selectFrom('attendance_registrations').select('id')
      .where('student_user_id', '=', userId).where('event_id', '=', eventId)
      .executeTakeFirst(),
  ]);
  return {
    startsAt: event.starts_at,
    isEnrolled: enrolment !== undefined,
    isCancelled: event.is_cancelled,
    isMonitored: event.is_monitored,
    isRegistered: registration !== undefined,
  };
}

/**
 * Writes the registration and marks the record Attended, in one transaction. The unique
 * (student, event) index settles a race: of two concurrent attempts exactly one inserts, the other
 * finds the row there and is refused as already registered. Returns false in that case.
 */
async function writeRegistration(db: Db, attempt: RegistrationAttempt, startsAt: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('attendance_registrations')
      .values({ student_user_id: attempt.userId, event_id: attempt.eventId, client_ip: attempt.clientIp, registered_at: attempt.now })
      .onConflict((oc) => oc.columns(['student_user_id', 'event_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return false;
    await trx
      .insertInto('attendance_records')
      .values({ student_user_id: attempt.userId, event_id: attempt.eventId, analysis_result: 'Attended', academic_year: academicYearLabelOf(startsAt) })
      .onConflict((oc) => oc.columns(['student_user_id', 'event_id']).doUpdateSet({ analysis_result: 'Attended' }))
      .execute();
    return true;
  });
}

/** Kept as evidence (who, which class, why, from where, when), outside any transaction. */
async function storeRefusal(db: Db, attempt: RegistrationAttempt, eventExists: boolean, reason: RefusalReason): Promise<void> {
  await db
    .insertInto('attendance_registration_refusals')
    .values({ student_user_id: attempt.userId, event_id: eventExists ? attempt.eventId : null, reason, client_ip: attempt.clientIp, at: attempt.now })
    .execute();
}

/**
 * Registers the caller at a monitored class, or stores the refusal and throws a 400 whose errors
 * are keyed by field (`NetworkConnection` for the network check). Idempotent in effect: a repeat
 * of a successful registration writes nothing and is answered 400 AlreadyRegistered.
 */
export async function registerAttendance(db: Db, policy: RegistrationPolicy, attempt: RegistrationAttempt): Promise<void> {
  const facts = await factsOf(db, attempt.userId, attempt.eventId);
  let reason = refusalReason(facts, attempt.now, policy.closeMinutes, policy.isOnCampus(attempt.clientIp));
  if (!reason && facts && !(await writeRegistration(db, attempt, facts.startsAt))) reason = 'AlreadyRegistered';
  if (!reason) return;
  await storeRefusal(db, attempt, facts !== undefined, reason);
  const { field, message } = refusalError(reason, facts && registrationWindow(facts.startsAt, policy.closeMinutes));
  throw badRequest(message, { [field]: [message] });
}
