import { sql, type Kysely } from 'kysely';

/**
 * The student's absence list is paged (issue 29): newest start first, then rowId, read with a
 * keyset (`(absence_start, id) < cursor`). This index serves each page, and the count of the whole
 * list, from the index alone, in the list's own order.
 *
 * The list's ETag is a version of the whole list rather than a hash of one page's body, so a 304 to
 * page one tells a client that none of its pages changed. Triggers bump `absences:<user>` in
 * `cache_versions` (migration 0018) with any change to a student's requests or their files,
 * whoever makes it (a route, a reviewer's decision, a job, psql); a truncate bumps `absences`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX absence_requests_student_list_idx ON absence_requests (student_user_id, absence_start DESC, id DESC)`.execute(db);
  await sql`
    CREATE TRIGGER absence_requests_cache_version AFTER INSERT OR UPDATE OR DELETE ON absence_requests
    FOR EACH ROW EXECUTE FUNCTION bump_cache_version_of_user('absences', 'student_user_id')`.execute(db);
  await sql`
    CREATE TRIGGER absence_requests_cache_version_truncate AFTER TRUNCATE ON absence_requests
    FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_version_shared('absences')`.execute(db);
  // A file row names its request, not its student.
  await sql`
    CREATE FUNCTION bump_absence_file_version() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN
        PERFORM bump_cache_version('absences:' || r.student_user_id) FROM absence_requests r WHERE r.id = OLD.request_id;
      END IF;
      IF TG_OP <> 'DELETE' THEN
        PERFORM bump_cache_version('absences:' || r.student_user_id) FROM absence_requests r WHERE r.id = NEW.request_id;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER absence_files_cache_version AFTER INSERT OR UPDATE OR DELETE ON absence_files
    FOR EACH ROW EXECUTE FUNCTION bump_absence_file_version()`.execute(db);
  await sql`
    CREATE TRIGGER absence_files_cache_version_truncate AFTER TRUNCATE ON absence_files
    FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_version_shared('absences')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['absence_requests', 'absence_files']) {
    for (const suffix of ['', '_truncate']) {
      await sql`DROP TRIGGER IF EXISTS ${sql.id(`${table}_cache_version${suffix}`)} ON ${sql.table(table)}`.execute(db);
    }
  }
  await sql`DROP FUNCTION IF EXISTS bump_absence_file_version()`.execute(db);
  await sql`DROP INDEX IF EXISTS absence_requests_student_list_idx`.execute(db);
}
