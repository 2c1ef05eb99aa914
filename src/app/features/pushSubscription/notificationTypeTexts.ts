import type { NotificationType } from '../../../shared/contract/notifications';

/** What each notification type brings, beside its checkbox. */
export const notificationTypeDescriptions: Readonly<Record<NotificationType, string>> = {
  General: 'News and announcements from the university.',
  Timetable: 'When one of your classes is cancelled or moved.',
  Attendance: 'When you have missed several sessions in a row.',
};
