import type { ReferralUpdateBody } from '../../../shared/contract/staffReferrals.js';
import { recordAudit } from '../../audit/auditLog.js';
import type { SessionUser } from '../../auth/session.service.js';
import type { Db } from '../../db/database.js';
import { HttpError, notFound } from '../../http/errors.js';

export const ownReferralMessage = 'You cannot handle your own referral. Another member of Student Support will.';

/**
 * Student Support moves a referral on: its status (the same one again just adds a note) and a
 * private case note, in one transaction with the referral locked, audited as `referral.status`.
 * The audit entry names the statuses, not the note: a case note is welfare information, kept in
 * the case only.
 */
export async function updateReferral(db: Db, actor: SessionUser, referralId: number, body: ReferralUpdateBody, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('referrals').select(['id', 'student_user_id', 'status']).where('id', '=', referralId).forUpdate().executeTakeFirst();
    if (!row) throw notFound('The referral');
    // A member of the team who is also a student never handles their own.
    if (row.student_user_id === actor.id) throw new HttpError(403, 'forbidden', ownReferralMessage, {});
    if (body.status !== row.status) {
      await trx.updateTable('referrals').set({ status: body.status, status_changed_at: now }).where('id', '=', row.id).execute();
    }
    const { id: noteId } = await trx
      .insertInto('referral_case_notes')
      .values({ referral_id: row.id, author_user_id: actor.id, status_before: row.status, status: body.status, note: body.note, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      at: now,
      actorUserId: actor.id,
      action: 'referral.status',
      target: { type: 'referral', id: row.id },
      before: { status: row.status },
      after: { status: body.status },
      context: { studentUserId: row.student_user_id, caseNoteId: noteId },
    });
  });
}
