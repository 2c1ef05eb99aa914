import type { Notification } from '../../../shared/contract/notifications';
import { enqueueMutation } from '../../sync/outbox';
import { markAllBatches } from './notificationList';
import { markAsReadMutation } from './notifications.mutations';

/**
 * Mark-as-read goes through the outbox (GUIDE "offline first") as a named mutation: read at once
 * in the cached list, marked pending, replayed in order when the server answers (it is idempotent
 * there); once delivered, the outbox reloads the list.
 */
export async function markAsRead(rowIds: readonly number[]): Promise<void> {
  if (rowIds.length === 0) return;
  await enqueueMutation(markAsReadMutation, { rowIds: [...rowIds] });
}

/** SPEC §7: every current rowId, read or not. */
export async function markAllAsRead(notifications: readonly Notification[]): Promise<void> {
  for (const batch of markAllBatches(notifications)) await markAsRead(batch);
}
