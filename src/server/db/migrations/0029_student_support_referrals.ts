import { sql, type Kysely } from 'kysely';

/**
 * Issue 31, section 1: Student Support receives the referrals students send.
 * - directory_groups.is_student_support_group: members of such a group (and Administrators) work
 *   the referral queue;
 * - referrals gain a status (New, Contacted, Closed) and when it last changed;
 * - referral_case_notes: the team's private note for each status change, with who wrote it. Never
 *   shown to the student.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE directory_groups ADD COLUMN is_student_support_group boolean NOT NULL DEFAULT false`.execute(db);
  await sql`
    ALTER TABLE referrals
      ADD COLUMN status text NOT NULL DEFAULT 'New' CHECK (status IN ('New', 'Contacted', 'Closed')),
      ADD COLUMN status_changed_at timestamptz
  `.execute(db);
  await sql`CREATE INDEX referrals_created_idx ON referrals (created_at DESC, id DESC)`.execute(db);
  await sql`
    CREATE TABLE referral_case_notes (
      id serial PRIMARY KEY,
      referral_id integer NOT NULL REFERENCES referrals(id) ON DELETE CASCADE,
      author_user_id integer REFERENCES users(id) ON DELETE SET NULL,
      status_before text NOT NULL CHECK (status_before IN ('New', 'Contacted', 'Closed')),
      status text NOT NULL CHECK (status IN ('New', 'Contacted', 'Closed')),
      note text NOT NULL,
      created_at timestamptz NOT NULL
    )
  `.execute(db);
  await sql`CREATE INDEX referral_case_notes_referral_idx ON referral_case_notes (referral_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE referral_case_notes`.execute(db);
  await sql`DROP INDEX referrals_created_idx`.execute(db);
  await sql`ALTER TABLE referrals DROP COLUMN status_changed_at, DROP COLUMN status`.execute(db);
  await sql`ALTER TABLE directory_groups DROP COLUMN is_student_support_group`.execute(db);
}
