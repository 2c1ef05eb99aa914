import type { AbsenceUndoBody } from '../../../shared/contract/staffAbsences.js';
import { decisionMessages, decisionUndoWindowMs } from '../../../shared/rules/absences/decisions.js';
import { recordAudit } from '../../audit/auditLog.js';
import type { SessionUser } from '../../auth/session.service.js';
import type { Db } from '../../db/database.js';
import { HttpError, notFound } from '../../http/errors.js';
import { rederiveRecordsForAbsence } from '../attendance/closeRegisters.service.js';
import { instantOf, lockOpenRegisters, wholeSecond } from './decision.service.js';

const tooLate = (): HttpError => new HttpError(409, 'conflict', decisionMessages.undoTooLate, { lastModified: [decisionMessages.undoTooLate] });

/**
 * Undoes the request's latest decision while its window is open and the student has not been told
 * (issue 31). With the request and the decision locked (the notice job locks the decision too):
 * the request gets back its status, message, lastModified and waiting time exactly as they were,
 * the records of the classes it covers are derived again, and the decision is marked undone, so its
 * notice is never sent. Audited; no one is notified. 409 when the window has passed, the notice has
 * gone or the request changed since the decision.
 */
export async function undoDecision(db: Db, actor: SessionUser, requestId: number, body: AbsenceUndoBody, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const request = await trx
      .selectFrom('absence_requests')
      .select(['id', 'student_user_id', 'status', 'message_to_student', 'last_modified', 'absence_start', 'absence_end'])
      .where('id', '=', requestId)
      .forUpdate()
      .executeTakeFirst();
    if (!request) throw notFound('The absence request');
    const decision = await trx
      .selectFrom('absence_decisions')
      .selectAll()
      .where('request_id', '=', request.id)
      .where('undone_at', 'is', null)
      .orderBy('id', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
    const isCurrent = decision !== undefined
      && wholeSecond(decision.last_modified) === wholeSecond(request.last_modified)
      && wholeSecond(request.last_modified) === wholeSecond(instantOf(body.lastModified))
      && decision.to_status === request.status;
    if (!decision || !isCurrent || decision.notified_at || now.getTime() >= decision.decided_at.getTime() + decisionUndoWindowMs) throw tooLate();
    await trx
      .updateTable('absence_requests')
      .set({
        status: decision.from_status, message_to_student: decision.previous_message,
        last_modified: decision.previous_last_modified, status_changed_at: decision.previous_status_changed_at,
      })
      .where('id', '=', request.id)
      .execute();
    await lockOpenRegisters(trx, request);
    await rederiveRecordsForAbsence(trx, request.id);
    await trx.updateTable('absence_decisions').set({ undone_at: now }).where('id', '=', decision.id).execute();
    await recordAudit(trx, {
      at: now,
      actorUserId: actor.id,
      action: 'absence.decision.undo',
      target: { type: 'absenceRequest', id: request.id },
      before: { absenceStatus: request.status, messageToStudent: request.message_to_student },
      after: { absenceStatus: decision.from_status, messageToStudent: decision.previous_message },
      context: { studentUserId: request.student_user_id, decidedBy: decision.decided_by_user_id },
    });
  });
}
