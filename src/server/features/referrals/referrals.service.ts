import type { Referral } from '../../../shared/contract/referrals.js';
import { referralCooldownDays } from '../../../shared/constants.js';
import { referralMessages } from '../../../shared/rules/referral.js';
import type { Db } from '../../db/database.js';
import { addMinutes } from '../../calendar/academicCalendar.js';
import { badRequest } from '../../http/errors.js';

/** SPEC §8, shown as a warning by the client. */
export const recentReferralMessage = referralMessages.recentlyReferred;

const cooldownStart = (now: Date): Date => addMinutes(now, -referralCooldownDays * 24 * 60);

/** A referral of the student made in the last 30 days (at or after now − 30 days). */
export async function hasRecentReferral(db: Db, userId: number, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('referrals')
    .select('id')
    .where('student_user_id', '=', userId)
    .where('created_at', '>=', cooldownStart(now))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Records a self-referral (notes already trimmed and required by the contract), refused with a
 * 400 while one from the last 30 days exists. The user's row is locked for the check-and-insert,
 * so two concurrent sends cannot both pass the check.
 */
export async function sendReferral(db: Db, userId: number, referral: Referral, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
    if (await hasRecentReferral(trx, userId, now)) throw badRequest(recentReferralMessage, { referral: [recentReferralMessage] });
    await trx.insertInto('referrals').values({ student_user_id: userId, reason: referral.reason, notes: referral.notes, created_at: now }).execute();
  });
}
