import type { TourStep } from '../../shared/contract/menu';
import type { Capability, Role } from '../../shared/contract/route';
import type { RouteName } from './paths';
import { adminTabs } from './adminTabs';

/** The icons the menu draws (inline SVGs in ui/icons, so that they stay out of the entry chunk). */
export type MenuIconName = 'home' | 'timetable' | 'attendance' | 'resources' | 'admin' | 'settings' | 'document';

/** A guided-tour step (SPEC §3): where it attaches, plus the friendly text the tour shows. */
export interface TourStepOptions extends TourStep {
  readonly title: string;
  readonly text: string;
}

/** The metadata of one menu section (SPEC §2 "Menu", §3 "Menu link"). */
export interface SectionMeta {
  /** The named route the menu entry links to. */
  readonly routeName: RouteName;
  readonly label: string;
  readonly icon: MenuIconName;
  /** Accent colour of the entry's icon tile. */
  readonly color: string;
  /** Menu position; entries without one come last. */
  readonly order?: number;
  readonly showOnDesktop: boolean;
  readonly showOnMobile: boolean;
  /** Empty: every signed-in user. Otherwise at least one of these roles. */
  readonly allowedRoles: readonly Role[];
  /** A capability the user must also hold (the review queue: `absenceReviewer`; referrals: `studentSupport`). */
  readonly requiredCapability?: Capability;
  readonly tourStepOptions?: TourStepOptions;
}

export type SectionKey = 'home' | 'timetable' | 'attendance' | 'resources' | 'admin' | 'settings' | 'absenceReview' | 'studentSupport';

/** The element a section's tour step attaches to: its menu entry. */
export const menuEntryId = (key: SectionKey) => `menu-${key}`;

function tour(key: SectionKey, title: string, text: string): TourStepOptions {
  return { id: key, attachTo: { element: `#${menuEntryId(key)}`, on: 'auto' }, title, text };
}

/**
 * The sections of the signed-in area, one menu entry each. The profile and notifications pages
 * belong to none: they are hidden from the menus and reached from the header.
 */
export const sections = {
  home: {
    routeName: 'home',
    label: 'Home',
    icon: 'home',
    color: '#1e3a8a',
    order: 1,
    showOnDesktop: true,
    showOnMobile: true,
    allowedRoles: [],
    tourStepOptions: tour('home', 'Home', 'Home shows your day at a glance: your next classes, your attendance and the resources you use most.'),
  },
  timetable: {
    routeName: 'timetableHome',
    label: 'Timetable',
    icon: 'timetable',
    color: '#0f766e',
    order: 2,
    showOnDesktop: true,
    showOnMobile: true,
    allowedRoles: ['Student', 'TeachingStaff'],
    tourStepOptions: tour('timetable', 'Timetable', 'Your timetable lists every lecture, seminar and lab by day, with a map of each room, and it opens even without a signal.'),
  },
  attendance: {
    routeName: 'attendance',
    label: 'Attendance',
    icon: 'attendance',
    color: '#6d28d9',
    order: 3,
    showOnDesktop: true,
    showOnMobile: true,
    allowedRoles: ['Student'],
    tourStepOptions: tour('attendance', 'Attendance', 'Attendance shows how you are doing this year and in previous years, and is where you register at a session or ask for an absence.'),
  },
  resources: {
    routeName: 'resources',
    label: 'Resources',
    icon: 'resources',
    color: '#b45309',
    order: 4,
    showOnDesktop: true,
    showOnMobile: true,
    allowedRoles: [],
    tourStepOptions: tour('resources', 'Resources', 'Resources gathers the university’s digital platforms in one place, so you can find them fast and keep your favourites to hand.'),
  },
  admin: {
    routeName: 'admin',
    label: 'Admin',
    icon: 'admin',
    color: '#be123c',
    order: 5,
    showOnDesktop: true,
    showOnMobile: true,
    allowedRoles: ['Administrator'],
    tourStepOptions: tour('admin', 'Admin', 'The admin area is where you manage rules, categories, links, directory groups and notifications, or see the app as another user does.'),
  },
  settings: {
    routeName: 'settings',
    label: 'Settings',
    icon: 'settings',
    color: '#475569',
    order: 6,
    showOnDesktop: false,
    showOnMobile: true,
    allowedRoles: [],
    tourStepOptions: tour('settings', 'Settings', 'Settings lets you choose your theme, fonts and notifications, and explains how the app looks after your data.'),
  },
  // The school office's review queue: only absence reviewers (review-group members, administrators) see it.
  absenceReview: {
    routeName: 'staffAbsences',
    label: 'Absence reviews',
    icon: 'document',
    color: '#9d174d',
    order: 7,
    showOnDesktop: true,
    showOnMobile: true,
    allowedRoles: [],
    requiredCapability: 'absenceReviewer',
    tourStepOptions: tour('absenceReview', 'Absence reviews', 'Absence reviews lists the absence requests students have sent, oldest first, so that you can check their evidence and decide each one.'),
  },
  // Student Support's referral queue (issue 31): members of a Student Support group, and administrators.
  studentSupport: {
    routeName: 'staffReferrals',
    label: 'Student support',
    icon: 'document',
    color: '#0e7490',
    order: 8,
    showOnDesktop: true,
    showOnMobile: true,
    allowedRoles: [],
    requiredCapability: 'studentSupport',
    tourStepOptions: tour('studentSupport', 'Student support', 'Student support lists the referrals students send, newest first, so that you can contact each student and keep a note of what was done.'),
  },
} as const satisfies Record<SectionKey, SectionMeta>;

/** Title of each page ('label' in SPEC terms) and the section it belongs to. */
export interface PageMeta {
  readonly section?: SectionKey;
  /** The page heading and the first part of the document title. */
  readonly title: string;
  /** A shorter label for the section's tabs, when the title is long. */
  readonly tabLabel?: string;
  /** A short line under the title where lists of pages show it (the settings sections). */
  readonly summary?: string;
}

export const pages = {
  landing: { title: 'Welcome' },
  unauthorized: { title: 'Unauthorized' },
  home: { section: 'home', title: 'Home' },
  timetable: { section: 'timetable', title: 'Timetable' },
  timetableHome: { section: 'timetable', title: 'Timetable' },
  // The title becomes the room id at run time (pageTitle below).
  timetableMap: { section: 'timetable', title: 'Room map' },
  timetableRegister: { section: 'timetable', title: 'Class register' },
  attendance: { section: 'attendance', title: 'Attendance' },
  attendanceCurrentYear: { section: 'attendance', title: 'Attendance this year', tabLabel: 'This year' },
  attendancePreviousYears: { section: 'attendance', title: 'Attendance in previous years', tabLabel: 'Previous years' },
  resources: { section: 'resources', title: 'Resources' },
  admin: { section: 'admin', title: 'Admin' },
  manageRules: { section: 'admin', title: 'Rules' },
  adminCategories: { section: 'admin', title: 'Categories' },
  adminLinks: { section: 'admin', title: 'Links' },
  adminAdGroups: { section: 'admin', title: 'Directory groups' },
  adminNotifications: { section: 'admin', title: 'Manage notifications', tabLabel: 'Notifications' },
  adminStatus: { section: 'admin', title: 'Service status', tabLabel: 'Status' },
  adminUserImpersonation: { section: 'admin', title: 'User impersonation' },
  adminAudit: { section: 'admin', title: 'Audit log' },
  adminClasses: { section: 'admin', title: 'Classes' },
  adminImports: { section: 'admin', title: 'Data import' },
  adminIntegrations: { section: 'admin', title: 'Integrations' },
  adminJobs: { section: 'admin', title: 'Job queue', tabLabel: 'Jobs' },
  adminFeedback: { section: 'admin', title: 'User feedback', tabLabel: 'Feedback' },
  staffAbsences: { section: 'absenceReview', title: 'Absence reviews' },
  staffAbsenceDetail: { section: 'absenceReview', title: 'Absence request' },
  staffReferrals: { section: 'studentSupport', title: 'Student support referrals' },
  staffReferralDetail: { section: 'studentSupport', title: 'Referral' },
  userProfile: { title: 'Profile' },
  userNotifications: { title: 'Notifications' },
  settings: { section: 'settings', title: 'Settings' },
  settingsNotifications: { section: 'settings', title: 'Notification settings', summary: 'Choose which notifications this device receives' },
  settingsAppearance: { section: 'settings', title: 'Appearance', summary: 'Theme, corners and fonts' },
  settingsAbout: { section: 'settings', title: 'About', summary: 'Version, what the app does and how to get help' },
  settingsPrivacy: { section: 'settings', title: 'Privacy', summary: 'What is stored, where, and how to clear it' },
  settingsAccessibility: { section: 'settings', title: 'Accessibility', summary: 'Our accessibility statement' },
  settingsTerms: { section: 'settings', title: 'Terms of use', summary: 'The rules for using the app, in plain English' },
  settingsFeedback: { section: 'settings', title: 'Feedback', summary: 'Tell us what works and what does not' },
} as const satisfies Record<RouteName, PageMeta>;

/** The sub-pages of a section, in the order their tabs or lists show them. */
export const sectionPages = {
  attendance: ['attendanceCurrentYear', 'attendancePreviousYears'],
  admin: adminTabs.map((tab) => tab.routeName),
  settings: [
    'settingsNotifications',
    'settingsAppearance',
    'settingsAbout',
    'settingsPrivacy',
    'settingsAccessibility',
    'settingsTerms',
    'settingsFeedback',
  ],
} as const satisfies Partial<Record<SectionKey, readonly RouteName[]>>;

/** The section a named route belongs to, if any (the landing and error pages belong to none). */
export function sectionOf(routeName: RouteName): SectionMeta | undefined {
  const page: PageMeta = pages[routeName];
  return page.section ? sections[page.section] : undefined;
}

/** The roles a named route needs: those of its section (empty means any signed-in user). */
export function rolesFor(routeName: RouteName): readonly Role[] {
  return sectionOf(routeName)?.allowedRoles ?? [];
}

/** The capability a named route needs beyond its roles, if any. */
export function capabilityFor(routeName: RouteName): Capability | undefined {
  return sectionOf(routeName)?.requiredCapability;
}

/**
 * The label of a page for its heading and document title (SPEC §2). The map page's label is the
 * room id it shows.
 */
export function pageTitle(routeName: RouteName, params: Readonly<Record<string, string | undefined>> = {}): string {
  if (routeName === 'timetableMap' && params.roomId) return params.roomId;
  return pages[routeName].title;
}
