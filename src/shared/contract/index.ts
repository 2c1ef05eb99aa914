import type { RouteDescriptor } from './route';
import { absenceRoutes } from './absences';
import { adminRoutes } from './admin';
import { staffRegisterRoutes } from './staffRegister';
import { analyticsRoutes } from './analytics';
import { adminAudienceRoutes } from './adminAudience';
import { adminAuditRoutes } from './adminAudit';
import { adminClassRoutes } from './adminClasses';
import { adminImportRoutes } from './adminImports';
import { adminIntegrationRoutes, integrationRoutes } from './integration';
import { adminConnectorRoutes } from './adminConnectors';
import { integrationAttendanceRoute } from './integrationAttendance';
import { accountViewsRoute, adminViewAsRoutes } from './adminViewAs';
import { adminNotificationRoutes } from './adminNotifications';
import { antiforgeryRoutes } from './antiforgery';
import { attendanceRoutes } from './attendance';
import { authRoutes } from './auth';
import { contentRoutes } from './content';
import { favouriteRoutes } from './favourites';
import { feedbackRoutes } from './feedback';
import { adminFeedbackRoute } from './adminFeedback';
import { notificationRoutes } from './notifications';
import { preferencesRoutes } from './preferences';
import { realtimeRoutes } from './realtime';
import { referralRoutes } from './referrals';
import { resourceRoutes } from './resources';
import { staffAbsenceRoutes } from './staffAbsences';
import { staffAbsenceFilePreviewRoute } from './staffAbsencePreview';
import { openApiRoute } from './openApi';
import { staffReferralRoutes } from './staffReferrals';
import { timetableRoutes } from './timetable';
import { trendingRoutes } from './trending';
import { userRoutes } from './user';

export * from './route';
export * from './common';
export * from './errors';
export * from './antiforgery';
export * from './auth';
export * from './user';
export * from './preferences';
export * from './feedback';
export * from './timetable';
export * from './attendance';
export * from './absences';
export * from './referrals';
export * from './resources';
export * from './favourites';
export * from './trending';
export * from './notifications';
export * from './content';
export * from './menu';
export * from './realtime';
export * from './admin';
export * from './staffRegister';
export * from './analytics';
export * from './adminNotifications';
export * from './adminAudit';
export * from './adminClasses';
export * from './staffAbsences';
export * from './staffAbsencePreview';
export * from './openApi';
export * from './staffReferrals';
export * from './adminViewAs';

/** Every route the server registers and the route-matrix test walks. */
export const allRoutes: readonly RouteDescriptor[] = [
  ...antiforgeryRoutes,
  ...authRoutes,
  ...userRoutes,
  accountViewsRoute,
  ...preferencesRoutes,
  ...feedbackRoutes,
  adminFeedbackRoute,
  ...timetableRoutes,
  ...attendanceRoutes,
  ...absenceRoutes,
  ...referralRoutes,
  ...resourceRoutes,
  ...favouriteRoutes,
  ...trendingRoutes,
  ...notificationRoutes,
  ...contentRoutes,
  ...realtimeRoutes,
  ...adminRoutes,
  ...staffRegisterRoutes,
  ...analyticsRoutes,
  ...adminAudienceRoutes,
  ...adminNotificationRoutes,
  ...adminAuditRoutes,
  ...adminClassRoutes,
  ...adminImportRoutes,
  ...adminIntegrationRoutes,
  ...integrationRoutes,
  ...adminConnectorRoutes,
  integrationAttendanceRoute,
  ...staffAbsenceRoutes,
  staffAbsenceFilePreviewRoute,
  openApiRoute,
  ...staffReferralRoutes,
  ...adminViewAsRoutes,
];

/** Looks a route up by id; throws for an unknown id so typos fail loudly. */
export function routeById(id: string): RouteDescriptor {
  const route = allRoutes.find((candidate) => candidate.id === id);
  if (!route) throw new Error(`Unknown route id: ${id}`);
  return route;
}
