import { sql, type Kysely } from 'kysely';

/**
 * A live view is a row of `view_as_sessions` and a row of `sessions` (for the viewed user). The
 * read-only guard knows a session is a view only through the first, so the second must never
 * outlive it: were the view's record deleted (its administrator's account deleted, which
 * cascades), the view's cookie would otherwise hold an ordinary, writable session as the viewed
 * user. Deleting a view's record now deletes its session in the same statement.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION view_as_sessions_end_live_session() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM sessions WHERE id_hash = OLD.session_id_hash;
      RETURN OLD;
    END
    $$
  `.execute(db);
  await sql`
    CREATE TRIGGER view_as_sessions_end_live_session AFTER DELETE ON view_as_sessions
    FOR EACH ROW EXECUTE FUNCTION view_as_sessions_end_live_session()
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS view_as_sessions_end_live_session ON view_as_sessions`.execute(db);
  await sql`DROP FUNCTION IF EXISTS view_as_sessions_end_live_session()`.execute(db);
}
