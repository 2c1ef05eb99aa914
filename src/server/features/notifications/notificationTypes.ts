import type { NotificationType } from '../../../shared/contract/notifications.js';
import type { Role } from '../../../shared/contract/route.js';

/** SPEC §6: everyone gets General; Students and TeachingStaff Timetable; only students Attendance. */
const TYPES_BY_ROLE: Readonly<Record<Role, readonly NotificationType[]>> = {
  Student: ['Timetable', 'Attendance'],
  TeachingStaff: ['Timetable'],
  Administrator: [],
};

/** The display order, also used to store and return types in a stable order. */
export const NOTIFICATION_TYPES: readonly NotificationType[] = ['General', 'Timetable', 'Attendance'];

export function allowedNotificationTypes(roles: readonly Role[]): NotificationType[] {
  const allowed = new Set<NotificationType>(['General', ...roles.flatMap((role) => TYPES_BY_ROLE[role])]);
  return NOTIFICATION_TYPES.filter((type) => allowed.has(type));
}

/** Distinct, in display order. */
export function normaliseTypes(types: readonly NotificationType[]): NotificationType[] {
  return NOTIFICATION_TYPES.filter((type) => types.includes(type));
}
