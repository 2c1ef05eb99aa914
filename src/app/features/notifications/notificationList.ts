import { z } from 'zod/mini';
import type { Notification } from '../../../shared/contract/notifications';
import type { PendingMutation } from '../../sync/pendingMutations';

/** The name of the mark-as-read mutation (notifications.mutations.ts). */
export const markAsReadMutationName = 'notifications.markAsRead';

/** The most rowIds one markAsRead call may carry (the contract's limit). */
export const markAsReadBatchSize = 1000;

/** Newest first (by dateSent, then the later rowId), whatever order the cache holds. */
export function newestFirst(notifications: readonly Notification[]): Notification[] {
  return notifications
    .map((notification) => ({ notification, sent: Date.parse(notification.dateSent) }))
    .sort((a, b) => b.sent - a.sent || b.notification.rowId - a.notification.rowId)
    .map(({ notification }) => notification);
}

export function unreadCount(notifications: readonly Notification[] | undefined): number {
  return (notifications ?? []).reduce((count, notification) => (notification.isRead ? count : count + 1), 0);
}

/** SPEC §7: 'mark all as read' sends every current rowId, read or not, in batches the contract accepts. */
export function markAllBatches(notifications: readonly Notification[]): number[][] {
  const rowIds = notifications.map((notification) => notification.rowId);
  const batches: number[][] = [];
  for (let start = 0; start < rowIds.length; start += markAsReadBatchSize) batches.push(rowIds.slice(start, start + markAsReadBatchSize));
  return batches;
}

/** The optimistic change: the list with these notifications read (the same array items otherwise). */
export function withRead(notifications: readonly Notification[] | undefined, rowIds: readonly number[]): Notification[] {
  const marked = new Set(rowIds);
  return (notifications ?? []).map((notification) =>
    !notification.isRead && marked.has(notification.rowId) ? { ...notification, isRead: true } : notification,
  );
}

/** The args of a queued mark-as-read, read back from the outbox. */
const markAsReadArgs = z.object({ rowIds: z.array(z.number()) });

/** The rowIds the queued mark-as-read mutations (of the notifications resource) carry. */
export function pendingRowIds(mutations: readonly PendingMutation[]): ReadonlySet<number> {
  const rowIds = new Set<number>();
  for (const mutation of mutations) {
    if (mutation.name !== markAsReadMutationName) continue;
    const parsed = z.safeParse(markAsReadArgs, mutation.args);
    if (parsed.success) for (const rowId of parsed.data.rowIds) rowIds.add(rowId);
  }
  return rowIds;
}
