import type { Kysely } from 'kysely';

/**
 * resource_link_opens.idempotency_key: the client counts link opens through its offline outbox,
 * which may replay a request whose answer it never saw. The request's Idempotency-Key is kept,
 * unique per user, so a replay counts the open once. Opens sent without a key are each counted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('resource_link_opens').addColumn('idempotency_key', 'text').execute();
  // NULLs are distinct: opens without a key never conflict.
  await db.schema
    .alterTable('resource_link_opens')
    .addUniqueConstraint('resource_link_opens_user_key_uq', ['user_id', 'idempotency_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('resource_link_opens').dropConstraint('resource_link_opens_user_key_uq').execute();
  await db.schema.alterTable('resource_link_opens').dropColumn('idempotency_key').execute();
}
