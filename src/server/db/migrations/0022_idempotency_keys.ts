import { sql, type Kysely } from 'kysely';

/**
 * idempotency_keys (issue 29): one row per `Idempotency-Key` a user sent to a write route that
 * honours it. The row is claimed (`pending`) before the write runs, so a concurrent duplicate finds
 * it, and keeps the first success (`done`: status, content type, body) for 24 hours so a retry is
 * answered with it. Housekeeping deletes rows older than that.
 *
 * The per-table keys it replaces (feedback and resource_link_opens.idempotency_key) are left in
 * place, no longer written, so an instance still running the previous release keeps working
 * during a rolling update.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('route_id', 'text', (col) => col.notNull())
    .addColumn('fingerprint', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull().check(sql`state IN ('pending', 'done')`))
    .addColumn('status', 'integer')
    .addColumn('content_type', 'text')
    .addColumn('body', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created_at_idx').on('idempotency_keys').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
}
