import type { Db } from '../../db/database.js';
import { academicYearLabelOf } from '../../calendar/academicCalendar.js';
import { badRequest } from '../../http/errors.js';
import { enrolledGroups } from '../timetable/membership.js';
import { checkInCode, normaliseCheckInCode } from '../../../shared/rules/checkInCode.js';
import { judgeCheckInCode } from './checkInCode.js';
import { checkInSecretOf, wrongCheckInCodes } from './checkInSecret.js';
import {
  isWrongCheckInCode, refusalError, refusalReason, registrationWindow,
  type CheckInCodeRefusal, type RefusalReason, type RegistrationFacts,
} from './registration.rules.js';

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
  /** What the student typed as the check-in code, if anything. */
  readonly checkInCode?: string | undefined;
}

/** The class (if it exists) and what the checks need to know about it and the caller. */
async function factsOf(db: Db, userId: number, eventId: number): Promise<RegistrationFacts | undefined> {
  const event = await db
    .selectFrom('timetable_events')
    .leftJoin('module_check_in_settings as s', 's.module_id', 'timetable_events.module_id')
    .select(['id', 'group_id', 'starts_at', 'is_monitored', 'is_cancelled', 's.is_required'])
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
    requiresCheckInCode: event.is_required === true,
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

/** What the student typed, as kept with a refused code (bounded, so any text fits the column). */
const typedCode = (attempt: RegistrationAttempt): string => normaliseCheckInCode(attempt.checkInCode ?? '').slice(0, checkInCode.maxTypedLength);

/**
 * Kept as evidence (who, which class, why, from where, when), outside any transaction; a wrong or
 * expired check-in code also keeps what was typed.
 */
async function storeRefusal(db: Db, attempt: RegistrationAttempt, eventExists: boolean, reason: RefusalReason): Promise<void> {
  await db
    .insertInto('attendance_registration_refusals')
    .values({
      student_user_id: attempt.userId, event_id: eventExists ? attempt.eventId : null, reason, client_ip: attempt.clientIp, at: attempt.now,
      check_in_code: isWrongCheckInCode(reason) ? typedCode(attempt) : null,
    })
    .execute();
}

/**
 * The check-in code's refusal, or undefined when the code is accepted (issue 31 §5): none typed;
 * too many wrong ones already (so six digits cannot be guessed in a lecture's time; the lecturer
 * can still mark the student present); one that expired since registration opened; a wrong one.
 */
async function checkInCodeRefusal(db: Db, attempt: RegistrationAttempt, opens: Date): Promise<CheckInCodeRefusal | undefined> {
  const typed = typedCode(attempt);
  if (typed === '') return 'CheckInCodeRequired';
  if ((await wrongCheckInCodes(db, attempt.userId, attempt.eventId)) >= checkInCode.maxWrongAttempts) return 'CheckInCodeAttempts';
  const secret = await checkInSecretOf(db, attempt.eventId, attempt.now);
  const verdict = judgeCheckInCode(secret, typed, attempt.now.getTime(), opens.getTime());
  if (verdict === 'accepted') return undefined;
  return verdict === 'expired' ? 'CheckInCodeExpired' : 'CheckInCodeWrong';
}

/**
 * Registers the caller at a monitored class, or stores the refusal and throws a 400 whose errors
 * are keyed by field (`NetworkConnection` for the network check, `checkInCode` for the code). Idempotent in effect: a repeat
 * of a successful registration writes nothing and is answered 400 AlreadyRegistered.
 */
export async function registerAttendance(db: Db, policy: RegistrationPolicy, attempt: RegistrationAttempt): Promise<void> {
  const facts = await factsOf(db, attempt.userId, attempt.eventId);
  let reason = refusalReason(facts, attempt.now, policy.closeMinutes, policy.isOnCampus(attempt.clientIp));
  if (!reason && facts?.requiresCheckInCode) {
    reason = await checkInCodeRefusal(db, attempt, registrationWindow(facts.startsAt, policy.closeMinutes).opens);
  }
  if (!reason && facts && !(await writeRegistration(db, attempt, facts.startsAt))) reason = 'AlreadyRegistered';
  if (!reason) return;
  await storeRefusal(db, attempt, facts !== undefined, reason);
  const { field, message } = refusalError(reason, facts && registrationWindow(facts.startsAt, policy.closeMinutes));
  throw badRequest(message, { [field]: [message] });
}
