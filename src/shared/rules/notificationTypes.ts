import type { NotificationType } from '../contract/notifications';
import type { Role } from '../contract/route';

/**
 * SPEC §6: every user gets General; Students and TeachingStaff also Timetable; only students
 * Attendance. The server refuses any other type, and the settings page offers only these.
 */
const TYPES_BY_ROLE: Readonly<Record<Role, readonly NotificationType[]>> = {
  Student: ['Timetable', 'Attendance'],
  TeachingStaff: ['Timetable'],
  Administrator: [],
};

/** The display order, also used to store and return types in a stable order. */
export const NOTIFICATION_TYPES: readonly NotificationType[] = ['General', 'Timetable', 'Attendance'];

/** The types a user holding `roles` may subscribe to, in display order. */
export function allowedNotificationTypes(roles: readonly Role[]): NotificationType[] {
  const allowed = new Set<NotificationType>(['General', ...roles.flatMap((role) => TYPES_BY_ROLE[role] ?? [])]);
  return NOTIFICATION_TYPES.filter((type) => allowed.has(type));
}

/** Distinct, in display order. */
export function normaliseTypes(types: readonly NotificationType[]): NotificationType[] {
  return NOTIFICATION_TYPES.filter((type) => types.includes(type));
}
