import type { Notification } from '../../../shared/contract/notifications.js';
import type { Db } from '../../db/database.js';

/** The most notifications a list returns (the newest). */
export const LIST_LIMIT = 200;

/** The caller's notifications, newest first. */
export async function listNotifications(db: Db, userId: number): Promise<Notification[]> {
  const rows = await db
    .selectFrom('notifications')
    .select(['id', 'title', 'body', 'notification_type', 'url', 'date_sent', 'read_at'])
    .where('user_id', '=', userId)
    .orderBy('date_sent', 'desc')
    .orderBy('id', 'desc')
    .limit(LIST_LIMIT)
    .execute();
  return rows.map((row) => ({
    rowId: row.id,
    dateSent: row.date_sent.toISOString(),
    title: row.title,
    body: row.body,
    notificationType: row.notification_type,
    url: row.url,
    isRead: row.read_at !== null,
  }));
}

/**
 * Marks the caller's notifications read. Idempotent (already-read rows keep their first read
 * time) and limited to the caller's rows: anyone else's rowIds are ignored.
 */
export async function markAsRead(db: Db, userId: number, rowIds: readonly number[], now: Date): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('id', 'in', [...new Set(rowIds)])
    .where('read_at', 'is', null)
    .execute();
}
