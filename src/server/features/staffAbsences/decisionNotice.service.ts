import { absenceSpanLabel } from '../../../shared/format/absenceSpan.js';
import { decisionUndoWindowMs } from '../../../shared/rules/absences/decisions.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { AbsenceStatus } from '../../db/schema.domain.js';
import { Notifier } from '../notifications/notify.service.js';
import { londonIso } from '../timetable/londonTime.js';

export interface NoticeDeps {
  readonly db: Db;
  readonly notifier: Notifier;
  readonly clock: Clock;
}

/** Where the student's notification opens: their attendance page, with this request's dialog open. */
export const requestUrlOf = (requestId: number): string => `/attendance/current?absence=${requestId}`;

const statusWords: Readonly<Record<AbsenceStatus, string>> = {
  Approved: 'approved',
  Denied: 'denied',
  AwaitingEvidence: 'waiting for your evidence',
  Cancelled: 'cancelled',
  Pending: 'pending',
  PendingCancellation: 'pending cancellation',
};

/** The decisions whose undo window has passed and whose student has not been told: the sweep's work. */
export async function dueDecisionIds(db: Db, now: Date): Promise<number[]> {
  const rows = await db
    .selectFrom('absence_decisions')
    .select('id')
    .where('notified_at', 'is', null)
    .where('undone_at', 'is', null)
    .where('decided_at', '<=', new Date(now.getTime() - decisionUndoWindowMs))
    .orderBy('id')
    .limit(500)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Tells the student of a decision once its undo window has passed, if it still stands: an undone
 * decision tells no one, and one a later decision replaced within its window is left to that one.
 * With the decision locked, so the undo route and a doubled job never race it: the student is told
 * once. Returns whether a notification was stored.
 */
export async function sendDecisionNoticeIfDue(deps: NoticeDeps, decisionId: number): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    const decision = await trx
      .selectFrom('absence_decisions as d')
      .innerJoin('absence_requests as r', 'r.id', 'd.request_id')
      .select(['d.id', 'd.request_id', 'd.decided_at', 'd.to_status', 'd.message', 'd.notified_at', 'd.undone_at', 'r.student_user_id', 'r.absence_start', 'r.absence_end'])
      .where('d.id', '=', decisionId)
      .forUpdate('d')
      .executeTakeFirst();
    if (!decision || decision.notified_at || decision.undone_at) return false;
    if (now.getTime() < decision.decided_at.getTime() + decisionUndoWindowMs) return false;
    const later = await trx
      .selectFrom('absence_decisions')
      .select('id')
      .where('request_id', '=', decision.request_id)
      .where('id', '>', decision.id)
      .where('undone_at', 'is', null)
      .executeTakeFirst();
    await trx.updateTable('absence_decisions').set({ notified_at: now }).where('id', '=', decision.id).execute();
    if (later) return false;
    const words = statusWords[decision.to_status];
    const period = absenceSpanLabel(londonIso(decision.absence_start), londonIso(decision.absence_end));
    await new Notifier(trx, deps.notifier.push, deps.clock).notify({ userIds: [decision.student_user_id] }, 'Attendance', {
      title: `Absence request ${words}`,
      body: `Your absence request (${period}) is now ${words}.${decision.message ? ` ${decision.message}` : ''}`.slice(0, 2000),
      url: requestUrlOf(decision.request_id),
    }, { dedupeKey: `absence-decision:${decision.id}` });
    return true;
  });
}

/** Sends every notice due (the sweep, and tests moving the clock). Returns how many were sent. */
export async function sendDueDecisionNotices(deps: NoticeDeps): Promise<number> {
  let sent = 0;
  for (const id of await dueDecisionIds(deps.db, deps.clock.now())) if (await sendDecisionNoticeIfDue(deps, id)) sent += 1;
  return sent;
}
