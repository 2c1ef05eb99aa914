import type { LatestReferral, Referral } from '../../../shared/contract/referrals.js';
import { referralCooldownDays } from '../../../shared/constants.js';
import { referralMessages } from '../../../shared/rules/referral.js';
import type { Db } from '../../db/database.js';
import { addMinutes } from '../../calendar/academicCalendar.js';
import { badRequest } from '../../http/errors.js';
import { londonIso } from '../timetable/londonTime.js';

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
 * The student's own latest referral, of any age: when they sent it and where Student Support has
 * got to with it (never the team's case notes). Only ever the caller's own.
 */
export async function latestReferral(db: Db, userId: number, now: Date): Promise<LatestReferral> {
  const row = await db
    .selectFrom('referrals')
    .select(['created_at', 'status'])
    .where('student_user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return { isWithin30Days: false, sentAt: null, status: null };
  return { isWithin30Days: row.created_at >= cooldownStart(now), sentAt: londonIso(row.created_at), status: row.status };
}

/**
 * Records a self-referral (notes already trimmed and required by the contract), refused with a
 * 400 while one from the last 30 days exists. The user's row is locked for the check-and-insert,
 * so two concurrent sends cannot both pass the check. `announce` runs in the same transaction with
 * the new referral's id (telling Student Support), so a referral is stored only with its alerts.
 */
export async function sendReferral(
  db: Db,
  userId: number,
  referral: Referral,
  now: Date,
  announce: (trx: Db, referralId: number) => Promise<void> = async () => {},
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
    if (await hasRecentReferral(trx, userId, now)) throw badRequest(recentReferralMessage, { referral: [recentReferralMessage] });
    const { id } = await trx
      .insertInto('referrals')
      .values({ student_user_id: userId, reason: referral.reason, notes: referral.notes, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await announce(trx, id);
    return id;
  });
}
