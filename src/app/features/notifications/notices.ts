import { describeRefusal, type WriteRefusal } from '../../sync/writeRefusals';

/**
 * What was done, for the notice of a mark kept on this device (sync/writeDelivery.ts adds that it
 * is saved there and will sync, as for favourites). SPEC §8's network error text ('A network error
 * occurred whilst trying to mark a notification as read. Are you connected to the internet?') is
 * not shown: with the offline queue nothing failed (issue 34 §3).
 */
export const markedAsReadText = 'Marked as read';

/** Beside a notification whose mark the server has not confirmed yet. */
export const pendingText = 'Marked as read, waiting to sync';

export const emptyText = 'You have no notifications yet. When the university sends you one, it will appear here.';

/** SPEC §8: 'An error occurred whilst trying to mark a notification as read. {message}.' */
export function markAsReadErrorText(message: string): string {
  return `An error occurred whilst trying to mark a notification as read. ${message.trim().replace(/\.+$/, '')}.`;
}

/** When the mark could not even be kept on this device (storage full or blocked). */
export const notSavedText = markAsReadErrorText('It could not be saved on this device');

/**
 * A refused mark (SPEC §8): the server's message in the sentence above when it gave one; a plain
 * failure (no SPEC error body) shows 'Code {status}: {statusText}'.
 */
export function markAsReadRefusalText(refusal: Pick<WriteRefusal, 'status' | 'statusText' | 'message'>): string {
  const plain = describeRefusal(refusal);
  if (refusal.message.trim() === '' || refusal.message === plain) return plain;
  return markAsReadErrorText(refusal.message);
}

/** The count on the badge: nothing at 0, capped at '99+'. */
export function badgeText(unread: number): string {
  if (unread <= 0) return '';
  return unread > 99 ? '99+' : String(unread);
}

/** The unread part of the notifications link's name: ', 3 unread' (the exact count, even above 99). */
export function unreadSuffix(unread: number): string {
  return unread > 0 ? `, ${unread} unread` : '';
}

/** The line under the page heading. */
export function unreadSummary(unread: number, total: number): string {
  if (total === 0) return '';
  if (unread === 0) return 'You are all caught up.';
  return unread === 1 ? '1 unread notification' : `${unread} unread notifications`;
}
