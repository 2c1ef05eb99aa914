import { sql, type Kysely } from 'kysely';

/**
 * Issue 32: the administrator's session comes back from a view only through their own cookie
 * (cc_admin_session), never through the view's. The view no longer keeps the administrator's
 * session id sealed under its own cookie, nor when it first handed it back (which bounded the
 * view cookie's grace). A view open at this migration can still be stopped: the browser that
 * started it holds no cc_admin_session, so the stop asks the administrator to sign in again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE view_as_sessions DROP COLUMN admin_session_sealed, DROP COLUMN handed_back_at`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Views recorded meanwhile cannot be handed back by the old code (nothing sealed): they read as ended.
  await sql`ALTER TABLE view_as_sessions ADD COLUMN admin_session_sealed text NOT NULL DEFAULT '', ADD COLUMN handed_back_at timestamptz`.execute(db);
  await sql`ALTER TABLE view_as_sessions ALTER COLUMN admin_session_sealed DROP DEFAULT`.execute(db);
}
