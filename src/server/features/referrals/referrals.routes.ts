import { latestReferralRoute, sendReferralRoute } from '../../../shared/contract/referrals.js';
import type { ServerContext } from '../../context.js';
import { implement, type RouteImplementation } from '../../http/contractRoutes.js';
import { hasRecentReferral, sendReferral } from './referrals.service.js';

export function referralsRoutes({ db, clock }: ServerContext): RouteImplementation[] {
  return [
    implement(latestReferralRoute, async ({ user }) => ({ isWithin30Days: await hasRecentReferral(db, user.id, clock.now()) })),
    implement(sendReferralRoute, async ({ user, body }) => {
      await sendReferral(db, user.id, body, clock.now());
    }),
  ];
}
