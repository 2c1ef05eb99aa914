import { sql, type Kysely } from 'kysely';

/**
 * What became of a notification's push to each device: one row per copy and subscription, so a
 * send that runs again (retried after a crash while the push service had already taken it) is
 * recorded once, and the admin history counts devices rather than sends. A delivered send
 * outranks a failed one for the same device: the device did get it.
 *
 * The subscription is kept by id without a reference: a device that unsubscribes later (or that
 * the push service reported gone) was still reached, and its row stays counted.
 *
 * notifications.pushes_delivered / pushes_failed (0014) are no longer written; they keep the
 * counts of the pushes sent before this migration, which the history still adds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('push_deliveries')
    .addColumn('notification_id', 'integer', (c) => c.notNull().references('notifications.id').onDelete('cascade'))
    .addColumn('subscription_id', 'integer', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome in ('delivered', 'failed')`))
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('push_deliveries_pk', ['notification_id', 'subscription_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('push_deliveries').ifExists().execute();
}
