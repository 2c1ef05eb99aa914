import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { NotFoundPage } from './features/errors/NotFoundPage';
import { RouteErrorPage } from './features/errors/RouteErrorPage';
import { UnauthorizedPage } from './features/errors/UnauthorizedPage';
import { LandingPage } from './features/landing/LandingPage';
import type { RouteHandle } from './routing/handle';
import {
  landingLoader,
  requireRoles,
  rootLoader,
  sessionLoader,
  sessionRouteId,
  settingsIndexLoader,
} from './routing/loaders';
import { adminTabs } from './routing/adminTabs';
import { paths, type RouteName } from './routing/paths';
import { capabilityFor, rolesFor } from './routing/routeMeta';
import { serviceWorkerGuard } from './sw/serviceWorkerGuard';
import { LoadingScreen } from './ui/LoadingScreen';

/*
 * The route tree (SPEC §2). Only the landing and error pages are in the entry chunk; the whole
 * signed-in area (layout, menu, pages and everything they import) loads lazily.
 */

/** Names the route for titles, the menu and transitions (routing/routeMeta.ts). */
const named = (routeName: RouteName): { handle: RouteHandle } => ({ handle: { routeName } });

/** Sends a user without one of the section's roles to /unauthorized. */
const guarded = (routeName: RouteName) => ({ loader: requireRoles(rolesFor(routeName), capabilityFor(routeName)) });

const redirectTo = (routeName: RouteName) => () => redirect(paths[routeName]);

const sectionTabs = () => import('./layout/SectionTabs').then((m) => m.SectionTabs);

/** The query client of the online-only staff screens (serverState/), loaded with them. */
const serverStateLayout = () => import('./serverState/ServerStateProvider').then((m) => m.ServerStateLayout);

const settingsRoutes: RouteObject[] = [
  {
    index: true,
    loader: settingsIndexLoader,
    ...named('settings'),
    lazy: { Component: () => import('./features/settings/SettingsIndexPage').then((m) => m.SettingsIndexPage) },
  },
  {
    path: 'notifications',
    ...named('settingsNotifications'),
    lazy: { Component: () => import('./features/settings/NotificationsSettingsPage').then((m) => m.NotificationsSettingsPage) },
  },
  {
    path: 'appearance',
    ...named('settingsAppearance'),
    lazy: { Component: () => import('./features/settings/AppearancePage').then((m) => m.AppearancePage) },
  },
  { path: 'about', ...named('settingsAbout'), lazy: { Component: () => import('./features/settings/AboutPage').then((m) => m.AboutPage) } },
  { path: 'privacy', ...named('settingsPrivacy'), lazy: { Component: () => import('./features/settings/PrivacyPage').then((m) => m.PrivacyPage) } },
  {
    path: 'accessibility',
    ...named('settingsAccessibility'),
    lazy: { Component: () => import('./features/settings/AccessibilityPage').then((m) => m.AccessibilityPage) },
  },
  { path: 'terms', ...named('settingsTerms'), lazy: { Component: () => import('./features/settings/TermsPage').then((m) => m.TermsPage) } },
  {
    path: 'feedback',
    ...named('settingsFeedback'),
    lazy: { Component: () => import('./features/feedback/FeedbackPage').then((m) => m.FeedbackPage) },
  },
];

const signedInRoutes: RouteObject[] = [
  { path: 'home', ...named('home'), lazy: { Component: () => import('./features/home/HomePage').then((m) => m.HomePage) } },
  {
    path: 'timetable',
    ...guarded('timetable'),
    children: [
      {
        index: true,
        ...named('timetableHome'),
        lazy: { Component: () => import('./features/timetable/TimetablePage').then((m) => m.TimetablePage) },
      },
      {
        path: 'map/:roomId',
        ...named('timetableMap'),
        lazy: { Component: () => import('./features/map/MapPage').then((m) => m.MapPage) },
      },
      {
        // A lecturer's register of a class they teach (the server checks which).
        path: 'register/:eventRowId',
        ...named('timetableRegister'),
        loader: requireRoles(['TeachingStaff']),
        lazy: { Component: () => import('./features/staffRegister/RegisterPage').then((m) => m.RegisterPage) },
      },
    ],
  },
  {
    path: 'attendance',
    ...named('attendance'),
    ...guarded('attendance'),
    lazy: { Component: sectionTabs },
    children: [
      { index: true, loader: redirectTo('attendanceCurrentYear') },
      {
        path: 'current',
        ...named('attendanceCurrentYear'),
        lazy: { Component: () => import('./features/attendance/AttendanceCurrentPage').then((m) => m.AttendanceCurrentPage) },
      },
      {
        path: 'previous',
        ...named('attendancePreviousYears'),
        lazy: { Component: () => import('./features/attendance/AttendancePreviousPage').then((m) => m.AttendancePreviousPage) },
      },
    ],
  },
  {
    path: 'resources',
    ...named('resources'),
    lazy: { Component: () => import('./features/resources/ResourcesPage').then((m) => m.ResourcesPage) },
  },
  {
    path: 'admin',
    ...named('admin'),
    ...guarded('admin'),
    lazy: { Component: () => import('./features/admin/shell/AdminLayout').then((m) => m.AdminLayout) },
    // SPEC §2 also makes rules the empty-path alias, but the default redirect comes first and wins.
    children: [
      { index: true, loader: redirectTo('adminUserImpersonation') },
      ...adminTabs.map((tab) => ({ path: tab.path, ...named(tab.routeName), lazy: { Component: tab.page } })),
    ],
  },
  {
    // The school office's review queue (staff screens: their own lazy chunks, never loaded by students).
    path: 'staff/absences',
    ...guarded('staffAbsences'),
    lazy: { Component: serverStateLayout },
    children: [
      {
        index: true,
        ...named('staffAbsences'),
        lazy: { Component: () => import('./features/staffAbsences/StaffAbsencesPage').then((m) => m.StaffAbsencesPage) },
      },
      {
        path: ':rowId',
        ...named('staffAbsenceDetail'),
        lazy: { Component: () => import('./features/staffAbsences/StaffAbsenceDetailPage').then((m) => m.StaffAbsenceDetailPage) },
      },
    ],
  },
  {
    // Student Support's referral queue (issue 31): staff screens in their own lazy chunks.
    path: 'staff/referrals',
    ...guarded('staffReferrals'),
    lazy: { Component: serverStateLayout },
    children: [
      {
        index: true,
        ...named('staffReferrals'),
        lazy: { Component: () => import('./features/staffReferrals/StaffReferralsPage').then((m) => m.StaffReferralsPage) },
      },
      {
        path: ':rowId',
        ...named('staffReferralDetail'),
        lazy: { Component: () => import('./features/staffReferrals/StaffReferralDetailPage').then((m) => m.StaffReferralDetailPage) },
      },
    ],
  },
  {
    path: 'user/profile',
    ...named('userProfile'),
    lazy: { Component: () => import('./features/profile/ProfilePage').then((m) => m.ProfilePage) },
  },
  {
    path: 'user/notifications',
    ...named('userNotifications'),
    lazy: { Component: () => import('./features/notifications/NotificationsPage').then((m) => m.NotificationsPage) },
  },
  {
    path: 'user/settings',
    ...named('settings'),
    lazy: { Component: () => import('./features/settings/SettingsLayout').then((m) => m.SettingsLayout) },
    children: settingsRoutes,
  },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <LoadingScreen />,
    // SPEC §4: every navigation first hands over to a waiting service worker, if any.
    loader: serviceWorkerGuard,
    shouldRevalidate: () => true,
    children: [
      { index: true, loader: rootLoader },
      { path: 'landing', loader: landingLoader, element: <LandingPage /> },
      { path: 'unauthorized', element: <UnauthorizedPage /> },
      {
        id: sessionRouteId,
        loader: sessionLoader,
        lazy: { Component: () => import('./layout/SignedInLayout').then((m) => m.SignedInLayout) },
        children: [
          {
            // Errors below the layout show inside it, so the menu stays usable.
            lazy: { ErrorBoundary: () => import('./layout/PageError').then((m) => m.PageError) },
            children: signedInRoutes,
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
