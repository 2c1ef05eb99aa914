import { sql, type Kysely } from 'kysely';

/**
 * Proof of presence at check-in (issue 31 §5):
 *
 * - `module_check_in_settings`: whether a module's classes ask for the check-in code the lecturer
 *   projects (default, with no row: no). Its lecturers set it on a register page. The students'
 *   timetable says which classes ask, so a change bumps the `timetable` cache version (0018).
 * - `check_in_secrets`: one random secret per class, made the first time a code is needed. The
 *   code of each 30-second window is an HMAC of the window under it, so every instance derives the
 *   same code with nothing shared but this row. Never sent to anyone.
 * - `attendance_registration_refusals.check_in_code`: what the student typed, kept with a refused
 *   code as evidence (at most 16 characters; the code itself is 6 digits).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE module_check_in_settings (
      module_id integer PRIMARY KEY REFERENCES modules(id) ON DELETE CASCADE,
      is_required boolean NOT NULL,
      updated_by_user_id integer REFERENCES users(id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL
    )`.execute(db);
  await sql`
    CREATE TRIGGER module_check_in_settings_cache_version AFTER INSERT OR UPDATE OR DELETE ON module_check_in_settings
    FOR EACH ROW EXECUTE FUNCTION bump_cache_version_shared('timetable')`.execute(db);
  await sql`
    CREATE TRIGGER module_check_in_settings_cache_version_truncate AFTER TRUNCATE ON module_check_in_settings
    FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_version_shared('timetable')`.execute(db);
  await sql`
    CREATE TABLE check_in_secrets (
      event_id integer PRIMARY KEY REFERENCES timetable_events(id) ON DELETE CASCADE,
      secret bytea NOT NULL CHECK (octet_length(secret) >= 32),
      created_at timestamptz NOT NULL
    )`.execute(db);
  await sql`ALTER TABLE attendance_registration_refusals ADD COLUMN check_in_code text CHECK (char_length(check_in_code) <= 16)`.execute(db);
  // The wrong codes a student has tried at one class, counted before each new try.
  await sql`
    CREATE INDEX attendance_registration_refusals_code_idx ON attendance_registration_refusals (student_user_id, event_id)
    WHERE reason IN ('CheckInCodeWrong', 'CheckInCodeExpired')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX attendance_registration_refusals_code_idx`.execute(db);
  await sql`ALTER TABLE attendance_registration_refusals DROP COLUMN check_in_code`.execute(db);
  await sql`DROP TABLE check_in_secrets`.execute(db);
  await sql`DROP TABLE module_check_in_settings`.execute(db);
}
