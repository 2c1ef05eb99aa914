import { generatePath } from 'react-router';

/**
 * Named client routes (SPEC §2). Pages link by name, so a path changes in one place. Names the
 * spec gives (home, timetableHome, timetableMap, attendanceCurrentYear, attendancePreviousYears,
 * manageRules) are kept; the rest are ours.
 */
export const paths = {
  landing: '/landing',
  unauthorized: '/unauthorized',

  home: '/home',
  timetable: '/timetable',
  timetableHome: '/timetable',
  timetableMap: '/timetable/map/:roomId',
  timetableRegister: '/timetable/register/:eventRowId',
  attendance: '/attendance',
  attendanceCurrentYear: '/attendance/current',
  attendancePreviousYears: '/attendance/previous',
  resources: '/resources',
  admin: '/admin',
  manageRules: '/admin/rules',
  adminCategories: '/admin/categories',
  adminLinks: '/admin/links',
  adminAdGroups: '/admin/adgroups',
  adminNotifications: '/admin/notifications',
  adminUserImpersonation: '/admin/userimpersonation',
  adminAudit: '/admin/audit',
  adminClasses: '/admin/classes',
  adminImports: '/admin/imports',
  adminIntegrations: '/admin/integrations',
  adminJobs: '/admin/jobs',
  adminFeedback: '/admin/feedback',
  staffAbsences: '/staff/absences',
  staffAbsenceDetail: '/staff/absences/:rowId',
  staffReferrals: '/staff/referrals',
  staffReferralDetail: '/staff/referrals/:rowId',
  adminStatus: '/admin/status',
  userProfile: '/user/profile',
  userNotifications: '/user/notifications',
  settings: '/user/settings',
  settingsNotifications: '/user/settings/notifications',
  settingsAppearance: '/user/settings/appearance',
  settingsAbout: '/user/settings/about',
  settingsPrivacy: '/user/settings/privacy',
  settingsAccessibility: '/user/settings/accessibility',
  settingsTerms: '/user/settings/terms',
  settingsFeedback: '/user/settings/feedback',
} as const;

export type RouteName = keyof typeof paths;

/** The path of a named route, with its `:params` filled in (e.g. the map page's room id). */
export function pathTo(name: RouteName, params: Readonly<Record<string, string>> = {}): string {
  return generatePath(paths[name], params);
}

/** Server endpoints reached by a full page navigation, never by fetch. */
export const serverPages = {
  signIn: '/api/user/signin',
  signOut: '/api/user/signout',
} as const;
