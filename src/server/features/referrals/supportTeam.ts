import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { Notifier } from '../notifications/notify.service.js';

/** Where a referral's case opens in the app: Student Support's page of it. */
export const caseUrlOf = (referralId: number): string => `/staff/referrals/${referralId}`;

/** Everyone in a Student Support directory group, but the student who sent the referral. */
export async function supportTeamIds(db: Db, exceptUserId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('directory_group_members as m')
    .innerJoin('directory_groups as g', 'g.id', 'm.group_id')
    .select('m.user_id')
    .distinct()
    .where('g.is_student_support_group', '=', true)
    .where('m.user_id', '<>', exceptUserId)
    .orderBy('m.user_id')
    .execute();
  return rows.map((row) => row.user_id);
}

/**
 * Tells every member of Student Support that a referral has arrived: a notification-centre entry
 * and a push to each of their devices, on `trx` (so they exist exactly when the referral does). The
 * message names no one: a push goes through the browser vendor's service, and the lock screen
 * shows it. The case itself opens in the app, behind the capability check.
 */
export async function notifySupportTeam(trx: Db, notifier: Notifier, referralId: number, studentUserId: number): Promise<number> {
  const userIds = await supportTeamIds(trx, studentUserId);
  if (userIds.length === 0) return 0;
  const result = await new Notifier(trx, notifier.push, notifier.clock).notify(
    { userIds },
    'General',
    { title: 'New Student Support referral', body: 'A student has asked Student Support for help. Open the case to read it.', url: caseUrlOf(referralId) },
    { dedupeKey: `referral:${referralId}` },
  );
  return result.notified;
}

/** Referrals by status, for the queue's filter and the home page's count. */
export async function referralCounts(db: Db): Promise<{ New: number; Contacted: number; Closed: number }> {
  const rows = await sql<{ status: 'New' | 'Contacted' | 'Closed'; n: number }>`
    select status, count(*)::int as n from referrals group by status`.execute(db);
  const counts = { New: 0, Contacted: 0, Closed: 0 };
  for (const row of rows.rows) counts[row.status] = row.n;
  return counts;
}
