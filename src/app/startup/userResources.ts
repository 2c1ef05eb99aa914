import { personalTutorRoute, userAnalyticsRoute, userProfileRoute } from '../../shared/contract/user';
import { defineResource } from '../sync/registry';

/** SPEC §7 start-up: the profile (60 min), whose first load shows the enrolment overlay. */
export const profileResource = defineResource({
  key: 'profile',
  route: userProfileRoute,
  loadOnStartup: true,
});

/** SPEC §3 user analytics data (240 min), pushed to the analytics data layer on page load. */
export const analyticsResource = defineResource({
  key: 'analytics',
  route: userAnalyticsRoute,
  loadOnStartup: true,
});

/** The personal tutor (1440 min); null when the user has none. Loaded by the profile page. */
export const personalTutorResource = defineResource({
  key: 'personalTutor',
  route: personalTutorRoute,
});
