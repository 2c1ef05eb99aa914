import { sql, type Kysely } from 'kysely';

/**
 * Versions for the answers an instance keeps in memory (issue 21): the timetable body per user
 * and the signed-in user per session. Triggers bump a version in the same transaction as the
 * change, whoever makes it (a route, a job, an import, psql), so a reader that sees the new rows
 * also sees the new version, on every instance sharing the database. Every bump takes the next
 * value of one sequence, so the largest of a set of versions changes whenever any of them does.
 *
 * Keys: `timetable` (events, modules, rooms, buildings: everyone's timetable), `timetable:<user>`
 * (that user's enrolments, teaching assignments, attendance registrations), `identity` (directory
 * groups: anyone's session user), `identity:<user>` (that user's row, roles, group memberships,
 * profile) and `resources` (links, categories, audience rules and their targets, link opens).
 */
const PER_ROW_USER_TABLES = [
  { table: 'enrolments', column: 'student_user_id', prefix: 'timetable' },
  { table: 'teaching_assignments', column: 'lecturer_user_id', prefix: 'timetable' },
  { table: 'attendance_registrations', column: 'student_user_id', prefix: 'timetable' },
  { table: 'users', column: 'id', prefix: 'identity' },
  { table: 'user_roles', column: 'user_id', prefix: 'identity' },
  { table: 'directory_group_members', column: 'user_id', prefix: 'identity' },
  // Audience rules match on the profile (study level, programme, school).
  { table: 'profiles', column: 'user_id', prefix: 'identity' },
] as const;

const SHARED_TABLES = [
  { table: 'modules', key: 'timetable' },
  { table: 'rooms', key: 'timetable' },
  { table: 'buildings', key: 'timetable' },
  { table: 'directory_groups', key: 'identity' },
  { table: 'resource_links', key: 'resources' },
  { table: 'resource_categories', key: 'resources' },
  { table: 'resource_link_rules', key: 'resources' },
  { table: 'resource_category_rules', key: 'resources' },
  { table: 'audience_rules', key: 'resources' },
  { table: 'audience_rule_groups', key: 'resources' },
  { table: 'resource_link_opens', key: 'resources' },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE SEQUENCE cache_version_seq`.execute(db);
  await sql`CREATE TABLE cache_versions (key text PRIMARY KEY, version bigint NOT NULL)`.execute(db);
  await sql`
    CREATE FUNCTION bump_cache_version(k text) RETURNS void LANGUAGE sql AS $$
      INSERT INTO cache_versions (key, version) VALUES (k, nextval('cache_version_seq'))
      ON CONFLICT (key) DO UPDATE SET version = excluded.version
    $$`.execute(db);
  // Shared data: TG_ARGV[0] is the key.
  await sql`
    CREATE FUNCTION bump_cache_version_shared() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM bump_cache_version(TG_ARGV[0]);
      RETURN NULL;
    END $$`.execute(db);
  // Per-user data: TG_ARGV[0] is the key prefix, TG_ARGV[1] the column holding the user id.
  await sql`
    CREATE FUNCTION bump_cache_version_of_user() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' AND (to_jsonb(OLD) ->> TG_ARGV[1]) IS NOT NULL THEN
        PERFORM bump_cache_version(TG_ARGV[0] || ':' || (to_jsonb(OLD) ->> TG_ARGV[1]));
      END IF;
      IF TG_OP <> 'DELETE' AND (to_jsonb(NEW) ->> TG_ARGV[1]) IS NOT NULL
        AND (TG_OP = 'INSERT' OR (to_jsonb(NEW) ->> TG_ARGV[1]) IS DISTINCT FROM (to_jsonb(OLD) ->> TG_ARGV[1])) THEN
        PERFORM bump_cache_version(TG_ARGV[0] || ':' || (to_jsonb(NEW) ->> TG_ARGV[1]));
      END IF;
      RETURN NULL;
    END $$`.execute(db);

  // An event: any change but the close-registers job's bookkeeping column, which no answer shows
  // (so the job, which runs all day, does not throw every kept timetable away).
  await sql`
    CREATE TRIGGER timetable_events_cache_version_write AFTER INSERT OR DELETE ON timetable_events
    FOR EACH ROW EXECUTE FUNCTION bump_cache_version_shared('timetable')`.execute(db);
  await sql`
    CREATE TRIGGER timetable_events_cache_version_update AFTER UPDATE ON timetable_events
    FOR EACH ROW WHEN ((to_jsonb(OLD) - 'register_closed_at') IS DISTINCT FROM (to_jsonb(NEW) - 'register_closed_at'))
    EXECUTE FUNCTION bump_cache_version_shared('timetable')`.execute(db);
  await sql`
    CREATE TRIGGER timetable_events_cache_version_truncate AFTER TRUNCATE ON timetable_events
    FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_version_shared('timetable')`.execute(db);
  for (const { table, key } of SHARED_TABLES) {
    await sql`
      CREATE TRIGGER ${sql.id(`${table}_cache_version`)} AFTER INSERT OR UPDATE OR DELETE ON ${sql.table(table)}
      FOR EACH ROW EXECUTE FUNCTION bump_cache_version_shared(${sql.lit(key)})`.execute(db);
    await sql`
      CREATE TRIGGER ${sql.id(`${table}_cache_version_truncate`)} AFTER TRUNCATE ON ${sql.table(table)}
      FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_version_shared(${sql.lit(key)})`.execute(db);
  }
  for (const { table, column, prefix } of PER_ROW_USER_TABLES) {
    await sql`
      CREATE TRIGGER ${sql.id(`${table}_cache_version`)} AFTER INSERT OR UPDATE OR DELETE ON ${sql.table(table)}
      FOR EACH ROW EXECUTE FUNCTION bump_cache_version_of_user(${sql.lit(prefix)}, ${sql.lit(column)})`.execute(db);
    // A truncate names no rows: everyone's answers of that kind go.
    await sql`
      CREATE TRIGGER ${sql.id(`${table}_cache_version_truncate`)} AFTER TRUNCATE ON ${sql.table(table)}
      FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_version_shared(${sql.lit(prefix)})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const tables = ['timetable_events', ...SHARED_TABLES.map((t) => t.table), ...PER_ROW_USER_TABLES.map((t) => t.table)];
  for (const table of tables) {
    for (const suffix of ['', '_write', '_update', '_truncate']) {
      await sql`DROP TRIGGER IF EXISTS ${sql.id(`${table}_cache_version${suffix}`)} ON ${sql.table(table)}`.execute(db);
    }
  }
  await sql`DROP FUNCTION bump_cache_version_of_user()`.execute(db);
  await sql`DROP FUNCTION bump_cache_version_shared()`.execute(db);
  await sql`DROP FUNCTION bump_cache_version(text)`.execute(db);
  await sql`DROP TABLE cache_versions`.execute(db);
  await sql`DROP SEQUENCE cache_version_seq`.execute(db);
}
