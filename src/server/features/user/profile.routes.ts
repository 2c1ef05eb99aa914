import { personalTutorRoute, userAnalyticsRoute, userProfileRoute } from '../../../shared/contract/user.js';
import { getOrCreateSecret } from '../../auth/secrets.js';
import type { ServerContext } from '../../context.js';
import { implement, type RouteImplementation } from '../../http/contractRoutes.js';
import * as profiles from './profile.service.js';

/** GET /api/user/profile, /api/user/analytics and /api/user/personaltutor: always the caller's own. */
export function profileRoutes({ db, clock, config }: ServerContext): RouteImplementation[] {
  let analyticsSecret: Promise<string> | undefined;
  const secret = () => (analyticsSecret ??= getOrCreateSecret(db, 'analytics', clock.now()));
  return [
    implement(userProfileRoute, async ({ user }) => profiles.loadProfile(db, user)),
    implement(userAnalyticsRoute, async ({ user }) => {
      const isStudent = user.roles.includes('Student');
      // The same rule as the session user info's isStaffSignedIn.
      const isStaff = user.roles.includes('TeachingStaff') || user.roles.includes('Administrator') || user.staffJobFamily !== null;
      return profiles.loadAnalytics(db, await secret(), { user, isStaff, isStudent }, { sendVisaStatus: config.analyticsSendVisaStatus });
    }),
    implement(personalTutorRoute, async ({ user }) => profiles.loadPersonalTutor(db, user.id)),
  ];
}
