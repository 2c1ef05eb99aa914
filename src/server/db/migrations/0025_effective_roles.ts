import { sql, type Kysely } from 'kysely';

/**
 * Issue 32, item 1: a role a directory group grants is derived, not copied.
 *
 * Until now sign-in copied a group's grants into `user_roles`, so withdrawing a grant (or deleting
 * the group) left every member holding the role until their next sign-in. From here on
 * `user_roles` keeps only what was granted to the person (identity provider claims, the demo
 * personas, an import), and `effective_user_roles` adds, at every read, what their current groups
 * grant now. Every "has role X" reads the view; the session cache already re-reads a session when
 * a group or a membership changes (0018), so a change counts on each member's next request.
 *
 * The rows sign-in copied from a group's grants go: the view gives the same roles while the grant
 * holds. (A role that was also claimed comes back at the member's next sign-in; until then the
 * group still grants it.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE VIEW effective_user_roles AS
      SELECT r.user_id, r.role FROM user_roles r
      UNION
      SELECT m.user_id, granted.role
      FROM directory_group_members m
      JOIN directory_groups g ON g.id = m.group_id
      CROSS JOIN LATERAL unnest(g.granted_roles) AS granted(role)
  `.execute(db);
  await sql`
    DELETE FROM user_roles r
    WHERE r.via_sign_in AND NOT r.via_import
      AND EXISTS (
        SELECT 1 FROM directory_group_members m JOIN directory_groups g ON g.id = m.group_id
        WHERE m.user_id = r.user_id AND r.role = ANY (g.granted_roles)
      )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // What the groups grant today is copied back, as sign-in used to do.
  await sql`
    INSERT INTO user_roles (user_id, role, via_sign_in, via_import)
    SELECT DISTINCT m.user_id, granted.role, true, false
    FROM directory_group_members m
    JOIN directory_groups g ON g.id = m.group_id
    CROSS JOIN LATERAL unnest(g.granted_roles) AS granted(role)
    ON CONFLICT (user_id, role) DO UPDATE SET via_sign_in = true
  `.execute(db);
  await sql`DROP VIEW effective_user_roles`.execute(db);
}
