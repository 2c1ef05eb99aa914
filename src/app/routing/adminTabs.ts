import type { ComponentType } from 'react';
import type { RouteName } from './paths';

/** One tab of the admin area: its route name (title and path come from paths/routeMeta) and page. */
export interface AdminTab {
  readonly routeName: RouteName;
  /** The path segment under /admin. */
  readonly path: string;
  /** Loads the page lazily, so no one downloads the admin area before opening it. */
  readonly page: () => Promise<ComponentType>;
}

/**
 * The admin area's tabs, in order. Adding a tab is one line here (plus its name in paths.ts and
 * routeMeta.ts's pages when it is new); the route tree and the tab row are built from this list.
 */
export const adminTabs: readonly AdminTab[] = [
  {
    routeName: 'adminUserImpersonation',
    path: 'userimpersonation',
    page: () => import('../features/admin/viewAs/UserImpersonationPage').then((m) => m.UserImpersonationPage),
  },
  { routeName: 'manageRules', path: 'rules', page: () => import('../features/admin/rules/RulesPage').then((m) => m.RulesPage) },
  { routeName: 'adminCategories', path: 'categories', page: () => import('../features/admin/categories/CategoriesPage').then((m) => m.CategoriesPage) },
  { routeName: 'adminLinks', path: 'links', page: () => import('../features/admin/links/LinksPage').then((m) => m.LinksPage) },
  { routeName: 'adminAdGroups', path: 'adgroups', page: () => import('../features/admin/adGroups/AdGroupsPage').then((m) => m.AdGroupsPage) },
  {
    routeName: 'adminNotifications',
    path: 'notifications',
    page: () => import('../features/admin/notifications/AdminNotificationsPage').then((m) => m.AdminNotificationsPage),
  },
  { routeName: 'adminStatus', path: 'status', page: () => import('../features/adminStatus/AdminStatusPage').then((m) => m.AdminStatusPage) },
  { routeName: 'adminClasses', path: 'classes', page: () => import('../features/admin/classes/ClassesPage').then((m) => m.ClassesPage) },
  // The optional segment is the batch whose report is open (/admin/imports/12).
  { routeName: 'adminImports', path: 'imports/:rowId?', page: () => import('../features/admin/imports/ImportsPage').then((m) => m.ImportsPage) },
  {
    routeName: 'adminIntegrations',
    path: 'integrations',
    page: () => import('../features/admin/integrations/IntegrationsPage').then((m) => m.IntegrationsPage),
  },
  { routeName: 'adminAudit', path: 'audit', page: () => import('../features/admin/audit/AuditLogPage').then((m) => m.AuditLogPage) },
  { routeName: 'adminJobs', path: 'jobs', page: () => import('../features/admin/jobs/JobsPage').then((m) => m.JobsPage) },
  { routeName: 'adminFeedback', path: 'feedback', page: () => import('../features/admin/feedback/FeedbackPage').then((m) => m.FeedbackPage) },
];
