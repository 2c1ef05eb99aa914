import type { AbsenceDecisionBody } from '../../../shared/contract/staffAbsences.js';
import { decisionErrors, decisionMessages, findDecision } from '../../../shared/rules/absences/decisions.js';
import { recordAudit } from '../../audit/auditLog.js';
import type { SessionUser } from '../../auth/session.service.js';
import { londonInstant } from '../../calendar/academicCalendar.js';
import type { Db } from '../../db/database.js';
import { sql } from 'kysely';
import { badRequest, HttpError, notFound } from '../../http/errors.js';
import { rederiveRecordsForAbsence } from '../attendance/closeRegisters.service.js';

export interface DecisionDeps {
  readonly db: Db;
  /** Queues the student's notification of a decision for after the undo window (decisionNotice.jobs.ts), in `trx`. */
  readonly scheduleNotice: (decisionId: number, trx: Db) => Promise<void>;
}

export const wholeSecond = (instant: Date): number => Math.floor(instant.getTime() / 1000);

/** The instant a wire date-time names: with an offset as given, without one as the university's wall clock. */
export function instantOf(value: string): Date {
  if (/(?:Z|[+-]\d{2}:?\d{2})$/i.test(value)) return new Date(value);
  const [date = '', time = ''] = value.split('T');
  return londonInstant(date, time.slice(0, 8));
}

/**
 * Locks the open registers of the classes a request covers until the transaction commits: the
 * close-registers job skips locked classes, so it never closes one on a status that is changing
 * (it closes them at its next run, reading the new status). One the job is closing right now is
 * waited for, then re-derived by the caller.
 */
export async function lockOpenRegisters(trx: Db, row: { student_user_id: number; absence_start: Date; absence_end: Date }): Promise<void> {
  await sql`
    select e.id from timetable_events e
    join enrolments n on n.group_id = e.group_id and n.student_user_id = ${row.student_user_id} and n.is_active
    where e.register_closed_at is null
      and e.starts_at < ${row.absence_end}
      and e.starts_at + make_interval(mins => e.duration_minutes) > ${row.absence_start}
    for update of e`.execute(trx);
}

/**
 * A reviewer's decision (see the table in shared/rules/absences/decisions.ts). In one transaction,
 * with the request locked: the staleness check (the reviewer's lastModified must be the request's,
 * to the second; 409 otherwise), the table's check (400), the update, the re-derivation of the
 * records of the closed classes it covers, the audit entry, the decision's record (who, when, and
 * what it replaced, for an undo) and the student's notification, queued for after the undo window
 * (decisionNotice.service.ts). The message to the student is the decision's: one left out clears
 * the previous one.
 */
export async function decideAbsence(deps: DecisionDeps, actor: SessionUser, requestId: number, body: AbsenceDecisionBody, now: Date): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('absence_requests')
      .select(['id', 'student_user_id', 'status', 'message_to_student', 'last_modified', 'status_changed_at', 'absence_start', 'absence_end'])
      .where('id', '=', requestId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound('The absence request');
    // A reviewer who is also a student (a student working in the school office) never decides their own.
    if (row.student_user_id === actor.id) throw new HttpError(403, 'forbidden', decisionMessages.ownRequest, {});
    if (wholeSecond(row.last_modified) !== wholeSecond(instantOf(body.lastModified))) {
      throw new HttpError(409, 'conflict', decisionMessages.stale, { lastModified: [decisionMessages.stale] });
    }
    const errors = decisionErrors(row.status, body.absenceStatus, body.messageToStudent);
    if (Object.keys(errors).length > 0) throw badRequest('This decision cannot be made.', errors);
    const message = body.messageToStudent?.trim() || null;
    // Always a later second than before, so whoever loaded the old version is refused.
    const lastModified = new Date(Math.max(now.getTime(), (wholeSecond(row.last_modified) + 1) * 1000));
    await trx
      .updateTable('absence_requests')
      .set({ status: body.absenceStatus, message_to_student: message, last_modified: lastModified })
      .where('id', '=', row.id)
      .execute();
    await lockOpenRegisters(trx, row);
    await rederiveRecordsForAbsence(trx, row.id);
    await recordAudit(trx, {
      at: now,
      actorUserId: actor.id,
      action: 'absence.decision',
      target: { type: 'absenceRequest', id: row.id },
      before: { absenceStatus: row.status, messageToStudent: row.message_to_student },
      after: { absenceStatus: body.absenceStatus, messageToStudent: message },
      context: { decision: findDecision(row.status, body.absenceStatus)?.label, studentUserId: row.student_user_id },
    });
    const { id } = await trx
      .insertInto('absence_decisions')
      .values({
        request_id: row.id, decided_by_user_id: actor.id, decided_at: now, from_status: row.status, to_status: body.absenceStatus,
        message, last_modified: lastModified, previous_message: row.message_to_student, previous_last_modified: row.last_modified,
        previous_status_changed_at: row.status_changed_at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await deps.scheduleNotice(id, trx);
  });
}
