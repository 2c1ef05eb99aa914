import { sql, type Kysely } from 'kysely';

/**
 * Notifications an administrator composes (the admin area's notification centre):
 * - admin_notifications: one row per composed message: its text, type, audience (as the admin
 *   chose it: rules, roles, groups, user names), when it goes out, and its state. A scheduled one
 *   can be edited (version goes up) or cancelled until it is sent.
 * - notifications.admin_notification_id: each user's copy points back at it, so the history can
 *   count recipients and reads.
 * - notifications.pushes_delivered / pushes_failed: what the push services answered for that
 *   copy's devices (written by the push job), for the history's delivered and failed counts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('admin_notifications')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('notification_type', 'text', (c) =>
      c.notNull().check(sql`notification_type in ('General', 'Timetable', 'Attendance')`),
    )
    .addColumn('audience', 'jsonb', (c) => c.notNull())
    .addColumn('send_at', 'timestamptz', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('Scheduled', 'Sending', 'Sent', 'Cancelled')`))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('admin_notifications_created_idx').on('admin_notifications').column('created_at').execute();
  await db.schema
    .createIndex('admin_notifications_due_idx')
    .on('admin_notifications')
    .column('send_at')
    .where(sql.ref('status'), 'in', ['Scheduled', 'Sending'])
    .execute();

  await db.schema
    .alterTable('notifications')
    .addColumn('admin_notification_id', 'integer', (c) => c.references('admin_notifications.id').onDelete('set null'))
    .addColumn('pushes_delivered', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pushes_failed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('notifications_admin_notification_idx')
    .on('notifications')
    .column('admin_notification_id')
    .where('admin_notification_id', 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('notifications_admin_notification_idx').execute();
  await db.schema
    .alterTable('notifications')
    .dropColumn('pushes_failed')
    .dropColumn('pushes_delivered')
    .dropColumn('admin_notification_id')
    .execute();
  await db.schema.dropTable('admin_notifications').execute();
}
