import { attendanceRegistration } from '../../../shared/constants.js';
import { overrideReasonMessage, registerOverrideDays } from '../../../shared/contract/staffRegister.js';
import { recordAudit } from '../../audit/auditLog.js';
import { enrolledGroups } from '../timetable/membership.js';
import type { Db } from '../../db/database.js';
import { academicYearLabelOf, addMinutes } from '../../calendar/academicCalendar.js';
import { badRequest, HttpError, notFound } from '../../http/errors.js';
import { alertMissedRuns, closeRegister } from '../attendance/closeRegisters.service.js';
import type { Notifier } from '../notifications/notify.service.js';
import { loadRegisterEvent, overrideUntil } from './register.queries.js';

export const closeBeforeStartMessage = 'A register can be closed only once the class has started.';

export interface RegisterDeps {
  readonly db: Db;
  readonly notifier: Notifier;
}

/**
 * "Close register now": the close-registers job's own code (`closeRegister`) writes the records at
 * once and the audit entry in the same transaction; then, as after the job, students whose missed
 * run reached 5, 10 or 20 are alerted. Closing a closed register changes nothing; one of a class
 * that has not started is refused (409: it would record every student absent from a class that
 * has not happened).
 */
export async function closeRegisterNow(deps: RegisterDeps, actorUserId: number, eventId: number, now: Date): Promise<void> {
  const event = await loadRegisterEvent(deps.db, eventId);
  if (event.closedAt === null && now < event.startsAt) {
    // Closing now would mark every student absent from a class that has not happened.
    throw new HttpError(409, 'conflict', closeBeforeStartMessage, { registrationWindow: ['This class has not started yet.'] });
  }
  const closed = await closeRegister(deps.db, eventId, now, (trx, result) =>
    recordAudit(trx, {
      at: now,
      actorUserId,
      action: 'register.close',
      target: { type: 'timetableEvent', id: eventId },
      before: { registerClosedAt: null },
      after: { registerClosedAt: now.toISOString(), recordsWritten: result.records },
    }));
  // Alerted at once; should this fail, the class stays unchecked and the job alerts within a minute.
  if (closed.closedNow) {
    await alertMissedRuns(deps, closed.missedStudentIds, now);
    await deps.db.updateTable('timetable_events').set({ missed_alerts_at: now }).where('id', '=', eventId).execute();
  }
}

export const overrideTooLateMessage = `A student can be marked present only until ${registerOverrideDays} days after the class.`;

/**
 * "Mark present" for a student who could not register: a registration that names the lecturer,
 * and an Attended record, in one transaction with its audit entry. Allowed from the moment
 * registration opens until {@link registerOverrideDays} days after the class ends. Once the register
 * has closed the lecturer must give a reason (400 without one), kept in the audit entry and shown in
 * the register's history. Marking a student who is already present changes nothing. 404 for a
 * student who is not on the class.
 */
export async function markPresent(
  db: Db, actorUserId: number, eventId: number, studentUserId: number, now: Date, reason?: string,
): Promise<void> {
  const event = await loadRegisterEvent(db, eventId);
  const field = 'attended';
  const why = reason?.trim() || undefined;
  if (event.isCancelled) throw badRequest('This class is cancelled, so no one can be marked present.', { [field]: ['This class is cancelled.'] });
  if (now < addMinutes(event.startsAt, -attendanceRegistration.opensMinutesBeforeStart)) {
    throw badRequest('A student can be marked present only once registration has opened.', { [field]: ['Registration for this class has not opened yet.'] });
  }
  if (now > overrideUntil(event)) throw badRequest(overrideTooLateMessage, { [field]: [overrideTooLateMessage] });
  if (event.closedAt !== null && why === undefined) throw badRequest(overrideReasonMessage, { reason: [overrideReasonMessage] });
  const academicYear = academicYearLabelOf(event.startsAt);
  const enrolled = await enrolledGroups(db, studentUserId, academicYear).where('n.group_id', '=', event.groupId).executeTakeFirst();
  if (!enrolled) throw notFound('The student');

  await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('attendance_registrations')
      .values({ student_user_id: studentUserId, event_id: eventId, client_ip: null, marked_by_user_id: actorUserId, registered_at: now })
      .onConflict((oc) => oc.columns(['student_user_id', 'event_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return;
    const before = await trx
      .selectFrom('attendance_records')
      .select('analysis_result')
      .where('student_user_id', '=', studentUserId)
      .where('event_id', '=', eventId)
      .executeTakeFirst();
    await trx
      .insertInto('attendance_records')
      .values({ student_user_id: studentUserId, event_id: eventId, analysis_result: 'Attended', academic_year: academicYear })
      .onConflict((oc) => oc.columns(['student_user_id', 'event_id']).doUpdateSet({ analysis_result: 'Attended' }))
      .execute();
    await recordAudit(trx, {
      at: now,
      actorUserId,
      action: 'register.override',
      target: { type: 'timetableEvent', id: eventId },
      before: { studentUserId, registered: false, record: before?.analysis_result ?? null },
      after: { studentUserId, registered: true, record: 'Attended' },
      context: { registerClosed: event.closedAt !== null, ...(why ? { reason: why } : {}) },
    });
  });
}
