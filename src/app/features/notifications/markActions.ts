import type { Notification } from '../../../shared/contract/notifications';
import { toast } from '../../ui/toast/toastStore';
import { markAllAsRead, markAsRead } from './mutations';
import { notSavedText } from './notices';

function reportNotSaved(error: unknown): false {
  console.error('Queueing a mark as read failed', error);
  toast.negative(notSavedText);
  return false;
}

/** Marks one notification read (if it is not already); never throws. True once it is queued. */
export function markOne(notification: Notification): Promise<boolean> {
  if (notification.isRead) return Promise.resolve(true);
  return markAsRead([notification.rowId]).then(() => true, reportNotSaved);
}

/** Marks every current notification read; never throws. True once queued. */
export function markAll(notifications: readonly Notification[]): Promise<boolean> {
  return markAllAsRead(notifications).then(() => true, reportNotSaved);
}
