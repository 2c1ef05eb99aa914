import { latestReferralRoute, sendReferralRoute } from '../../../shared/contract/referrals.js';
import { staffReferralDetailRoute, staffReferralListRoute, staffReferralUpdateRoute } from '../../../shared/contract/staffReferrals.js';
import type { ServerContext } from '../../context.js';
import type { JobQueue } from '../../jobs/jobQueue.js';
import { implement, type RouteImplementation } from '../../http/contractRoutes.js';
import { notFound } from '../../http/errors.js';
import { queueReferralEmail } from './referralEmail.js';
import { latestReferral, sendReferral } from './referrals.service.js';
import { referralDetail, referralQueue } from './staffReferrals.queries.js';
import { updateReferral } from './staffReferrals.service.js';
import { notifySupportTeam } from './supportTeam.js';

/**
 * A student's own referral (send, and its latest status), and Student Support's queue. The
 * contract marks the queue's routes `studentSupport`, so contractRoutes refuses everyone else (403)
 * before these run. A new referral tells the team at once, in the transaction that stores it: a
 * notification and push to every member of a Student Support group, and the email job.
 */
export function referralsRoutes({ db, clock, notifier, config }: ServerContext, jobs: JobQueue): RouteImplementation[] {
  const detailOf = async (rowId: number) => {
    const detail = await referralDetail(db, rowId);
    if (!detail) throw notFound('The referral');
    return detail;
  };
  return [
    implement(latestReferralRoute, async ({ user }) => latestReferral(db, user.id, clock.now())),
    implement(sendReferralRoute, async ({ user, body }) => {
      await sendReferral(db, user.id, body, clock.now(), async (trx, referralId) => {
        await notifySupportTeam(trx, notifier, referralId, user.id);
        await queueReferralEmail(jobs, config.support, referralId, trx);
      });
    }),
    implement(staffReferralListRoute, async ({ query }) => referralQueue(db, query)),
    implement(staffReferralDetailRoute, async ({ params }) => detailOf(params.rowId)),
    implement(staffReferralUpdateRoute, async ({ user, params, body }) => {
      await updateReferral(db, user, params.rowId, body, clock.now());
      return detailOf(params.rowId);
    }),
  ];
}
