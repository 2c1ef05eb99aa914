import type { Notification } from '../../../shared/contract/notifications';
import { queuedNotice, sendMutation, type WriteDelivery } from '../../sync/writeDelivery';
import { toast } from '../../ui/toast/toastStore';
import { markAllBatches } from './notificationList';
import { markAsReadMutation } from './notifications.mutations';
import { markedAsReadText, notSavedText } from './notices';

function reportNotSaved(error: unknown): undefined {
  console.error('Queueing a mark as read failed', error);
  toast.negative(notSavedText);
  return undefined;
}

/**
 * Sends the marks through the offline queue (GUIDE "offline first": read at once, pending until
 * the server has them) and resolves with their delivery; undefined when not even queued. Kept on
 * the device, the notice says so in the favourites' words (sync/writeDelivery.ts): 'Marked as
 * read. Saved on this device: it will sync when the connection is back.' Sent, nothing shows
 * beyond the notification turning read; refused, the refusal's own notice.
 */
async function deliver(batches: readonly (readonly number[])[]): Promise<WriteDelivery | undefined> {
  try {
    // All queued at once (each shows read at once); in any order, as the server's marks are idempotent.
    const deliveries = await Promise.all(batches.map((rowIds) => sendMutation(markAsReadMutation, { rowIds: [...rowIds] })));
    const delivery = deliveries.includes('refused') ? 'refused' : deliveries.includes('queued') ? 'queued' : 'sent';
    if (delivery === 'queued') toast.positive(queuedNotice(markedAsReadText));
    return delivery;
  } catch (error) {
    return reportNotSaved(error);
  }
}

/** Marks one notification read (if it is not already); never throws. */
export function markOne(notification: Notification): Promise<WriteDelivery | undefined> {
  if (notification.isRead) return Promise.resolve('sent');
  return deliver([[notification.rowId]]);
}

/** Marks every current notification read (SPEC §7: every current rowId); never throws. */
export function markAll(notifications: readonly Notification[]): Promise<WriteDelivery | undefined> {
  return deliver(markAllBatches(notifications));
}
