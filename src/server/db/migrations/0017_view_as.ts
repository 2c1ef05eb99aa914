import { sql, type Kysely } from 'kysely';

/**
 * An administrator's read-only "view as" (issue 17). `view_as_sessions` holds one view: who looked
 * at whom, why, from where, and how it ended. The live view is also a row of `sessions` (for the
 * viewed user) whose id hash is `session_id_hash`; the administrator's own session is kept aside,
 * named by its hash and by its id sealed with a key only the view's cookie can derive, so it comes
 * back on stop. `view_as_requests` logs every request made while viewing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('view_as_sessions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('admin_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('viewed_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ended_at', 'timestamptz')
    .addColumn('ended_by', 'text', (c) => c.check(sql`ended_by in ('stopped', 'expired', 'signedOut')`))
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('session_id_hash', 'text', (c) => c.notNull().unique())
    .addColumn('admin_session_id_hash', 'text', (c) => c.notNull())
    .addColumn('admin_session_sealed', 'text', (c) => c.notNull())
    // When the administrator's own session was first handed back (stop, or the first request after
    // a lapse); the view's cookie may bring it back only for a short grace after that.
    .addColumn('handed_back_at', 'timestamptz')
    .addCheckConstraint('view_as_sessions_ended_check', sql`(ended_at is null) = (ended_by is null)`)
    .execute();
  await db.schema.createIndex('view_as_sessions_started_idx').on('view_as_sessions').columns(['started_at desc', 'id desc']).execute();
  await db.schema.createIndex('view_as_sessions_viewed_idx').on('view_as_sessions').columns(['viewed_user_id', 'started_at desc']).execute();

  await db.schema
    .createTable('view_as_requests')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('view_as_id', 'integer', (c) => c.notNull().references('view_as_sessions.id').onDelete('cascade'))
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('route_id', 'text')
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('refused', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.createIndex('view_as_requests_view_idx').on('view_as_requests').columns(['view_as_id', 'at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The live view-as sessions go with their record: nothing is left that names a view.
  await sql`DELETE FROM sessions WHERE id_hash IN (SELECT session_id_hash FROM view_as_sessions)`.execute(db);
  await db.schema.dropTable('view_as_requests').execute();
  await db.schema.dropTable('view_as_sessions').execute();
}
