import type { Kysely } from 'kysely';

/**
 * notifications.dedupe_key: a notification raised by an automatic trigger carries a key naming
 * the occurrence (e.g. the missed run it is about), unique per user, so a trigger that runs again
 * or twice at once (two requests changing the same student's records) notifies once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('dedupe_key', 'text').execute();
  // NULLs are distinct: notifications without a key are never in conflict.
  await db.schema
    .alterTable('notifications')
    .addUniqueConstraint('notifications_user_dedupe_uq', ['user_id', 'dedupe_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').dropConstraint('notifications_user_dedupe_uq').execute();
  await db.schema.alterTable('notifications').dropColumn('dedupe_key').execute();
}
