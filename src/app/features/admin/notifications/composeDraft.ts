import { fromDateAndTime, toDateAndTime } from '../../../format/dateTime';
import { adminNotificationMessages, type AdminNotification, type ComposeNotification, type NotificationAudience } from '../../../../shared/contract/adminNotifications';
import type { NotificationType } from '../../../../shared/contract/notifications';
import type { Role } from '../../../../shared/contract/route';

/** What the compose form holds, as the admin typed it (kept as it is when a send fails). */
export interface ComposeDraft {
  readonly title: string;
  readonly body: string;
  readonly url: string;
  readonly notificationType: NotificationType;
  readonly roles: readonly Role[];
  readonly ruleRowIds: readonly number[];
  readonly adGroupRowIds: readonly number[];
  /** User names, separated by commas, spaces or new lines. */
  readonly userNames: string;
  readonly isScheduled: boolean;
  /** The day to send it, 'YYYY-MM-DD' on the admin's own clock, or '' while not chosen. */
  readonly sendDate: string;
  /** The time to send it, 'HH:mm' (24-hour), or '' while not chosen. */
  readonly sendTime: string;
}

export const emptyDraft: ComposeDraft = {
  title: '',
  body: '',
  url: '',
  notificationType: 'General',
  roles: [],
  ruleRowIds: [],
  adGroupRowIds: [],
  userNames: '',
  isScheduled: false,
  sendDate: '',
  sendTime: '',
};

/** Why a scheduled draft cannot be sent yet: its day or its time is missing. */
export function scheduleProblem(draft: ComposeDraft): string | undefined {
  if (!draft.isScheduled || (draft.sendDate !== '' && draft.sendTime !== '')) return undefined;
  return adminNotificationMessages.sendAtMissing;
}

export const userNamesOf = (text: string): string[] => text.split(/[\s,;]+/).filter((name) => name !== '');

export function audienceOf(draft: ComposeDraft): NotificationAudience {
  return { roles: [...draft.roles], ruleRowIds: [...draft.ruleRowIds], adGroupRowIds: [...draft.adGroupRowIds], userNames: userNamesOf(draft.userNames) };
}

/** The request body: the scheduled time as an instant, none to send now (a draft `scheduleProblem` passes). */
export function bodyOf(draft: ComposeDraft): ComposeNotification {
  const sendAt = draft.isScheduled && scheduleProblem(draft) === undefined ? fromDateAndTime({ date: draft.sendDate, time: draft.sendTime }) : null;
  return {
    title: draft.title,
    body: draft.body,
    url: draft.url.trim() === '' ? null : draft.url.trim(),
    notificationType: draft.notificationType,
    audience: audienceOf(draft),
    sendAt,
  };
}

/** A scheduled notification back in the form, for editing. */
export function draftOf(notification: AdminNotification): ComposeDraft {
  const { audience } = notification;
  const sendAt = toDateAndTime(notification.sendAt);
  return {
    title: notification.title,
    body: notification.body,
    url: notification.url ?? '',
    notificationType: notification.notificationType,
    roles: audience.roles.filter((role): role is Role => role === 'Student' || role === 'TeachingStaff' || role === 'Administrator'),
    ruleRowIds: audience.ruleRowIds,
    adGroupRowIds: audience.adGroupRowIds,
    userNames: audience.userNames.join(', '),
    isScheduled: true,
    sendDate: sendAt.date,
    sendTime: sendAt.time,
  };
}
