import { lazy, type ComponentType } from 'react';
import type { Capability, Role } from '../../../shared/contract/route';
import type { RouteName } from '../../routing/paths';
import { sections } from '../../routing/routeMeta';
import type { IconName } from '../../ui/icons/Icon';

/**
 * A slot on the home page. A feature fills its slot by setting `Component` to a lazily loaded
 * widget, e.g. `Component: lazy(() => import('../timetable/TodayWidget'))`, so the home chunk
 * stays small. Until then the slot shows its heading and `emptyText`.
 */
export interface HomeWidget {
  readonly id: string;
  readonly title: string;
  readonly icon: IconName;
  /** Who sees the slot; empty means everyone signed in. */
  readonly allowedRoles: readonly Role[];
  /** A capability the user must also hold (the review queues, Student Support's count); none: roles alone decide. */
  readonly requiredCapability?: Capability;
  readonly emptyText: string;
  /** The page with the full picture. */
  readonly link?: { readonly routeName: RouteName; readonly label: string };
  /** A sync-engine resource; the slot then shows when it was last updated. */
  readonly resourceKey?: string;
  /** About how many lines of text its content usually takes: the height of its loading skeleton. */
  readonly skeletonLines: number;
  /** Spans the full width of the grid on wide screens. */
  readonly isWide?: boolean;
  readonly Component?: ComponentType;
}

export const homeWidgets: readonly HomeWidget[] = [
  {
    id: 'referrals',
    title: 'Student support referrals',
    icon: 'document',
    allowedRoles: sections.studentSupport.allowedRoles,
    requiredCapability: sections.studentSupport.requiredCapability,
    emptyText: 'How many students are waiting for Student Support will appear here.',
    link: { routeName: 'staffReferrals', label: 'Open referrals' },
    skeletonLines: 2,
    Component: lazy(() => import('../staffReferrals/ReferralCountWidget')),
  },
  {
    // The absence review queue of a member of the review groups (Student Support has its own count above).
    id: 'review-queues',
    title: 'Review queues',
    icon: 'attendance',
    allowedRoles: [],
    requiredCapability: 'absenceReviewer',
    emptyText: 'The requests waiting for your decision will appear here.',
    skeletonLines: 2,
    Component: lazy(() => import('./ReviewQueuesWidget')),
  },
  {
    id: 'timetable-today',
    title: 'Today’s timetable',
    icon: 'timetable',
    allowedRoles: sections.timetable.allowedRoles,
    emptyText: 'Your classes for today will appear here.',
    link: { routeName: 'timetableHome', label: 'Open timetable' },
    resourceKey: 'timetable',
    skeletonLines: 10,
    isWide: true,
    Component: lazy(() => import('../timetable/TodayWidget')),
  },
  {
    id: 'attendance',
    title: 'Attendance',
    icon: 'attendance',
    allowedRoles: sections.attendance.allowedRoles,
    emptyText: 'How your attendance is going this year will appear here.',
    link: { routeName: 'attendanceCurrentYear', label: 'See attendance' },
    resourceKey: 'attendanceAnalysis',
    skeletonLines: 3,
    Component: lazy(() => import('../attendance/AttendanceWidget')),
  },
  {
    id: 'studies',
    title: 'Your studies',
    icon: 'user',
    allowedRoles: ['Student'],
    emptyText: 'Your programme and enrolment will appear here.',
    link: { routeName: 'userProfile', label: 'Your profile' },
    resourceKey: 'profile',
    skeletonLines: 8,
    Component: lazy(() => import('./StudiesWidget')),
  },
  {
    id: 'popular-resources',
    title: 'Popular resources',
    icon: 'trend',
    allowedRoles: [],
    emptyText: 'The platforms and resources people use most will appear here.',
    link: { routeName: 'resources', label: 'All resources' },
    resourceKey: 'resources',
    skeletonLines: 8,
    Component: lazy(() => import('../resources/PopularWidget')),
  },
  {
    id: 'favourites',
    title: 'Favourites',
    icon: 'star',
    allowedRoles: [],
    emptyText: 'Resources you mark as favourites will appear here, a tap away.',
    link: { routeName: 'resources', label: 'Find resources' },
    resourceKey: 'favouriteResources',
    skeletonLines: 3,
    Component: lazy(() => import('../favourites/FavouritesWidget')),
  },
];
