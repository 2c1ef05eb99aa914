import { sql, type Kysely } from 'kysely';

/**
 * Issue 30: the data model follows the import format (IMPORT-FORMAT.md).
 *
 * - A module has teaching groups (OneRoster classes). Events, enrolments and teaching belong to a
 *   group, so a student sees their own lab group's labs, not every group's. Today's data moves
 *   across: each module gets one group, which takes its events, enrolments and module-wide teaching.
 *   `timetable_events.module_id` and `enrolments.module_id` stay, always the group's module (a
 *   trigger sets it from the group; a row written with a module only goes to the module's first
 *   group), so the many reads that show a module's code and title keep their join.
 * - Every imported record keeps its `sourced_id` and the batch that last changed it (`batch_id`).
 *   Imports deactivate (`is_active = false`), never delete: attendance, absences and evidence that
 *   refer to a deactivated record stay.
 * - Roles say where they came from: sign-in (the identity provider, directory groups, the demo
 *   personas) or an import, so neither source takes away the other's.
 * - Import batches, their problems and what each changed (for revert).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE import_batches (
      id serial PRIMARY KEY,
      state text NOT NULL CHECK (state IN ('validating', 'ready', 'invalid', 'applying', 'applied', 'failed', 'reverting', 'reverted')),
      created_at timestamptz NOT NULL,
      created_by_user_id integer REFERENCES users (id) ON DELETE SET NULL,
      file_name text NOT NULL,
      source_system_name text,
      source_system_code text,
      deactivation_threshold_percent integer NOT NULL CHECK (deactivation_threshold_percent BETWEEN 0 AND 100),
      counts jsonb NOT NULL DEFAULT '{}',
      modes jsonb NOT NULL DEFAULT '{}',
      more_errors integer NOT NULL DEFAULT 0,
      more_warnings integer NOT NULL DEFAULT 0,
      accepted_warnings boolean NOT NULL DEFAULT false,
      applied_at timestamptz,
      reverted_at timestamptz,
      updated_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX import_batches_created_idx ON import_batches (created_at DESC, id DESC)`.execute(db);
  await sql`
    CREATE TABLE import_problems (
      batch_id integer NOT NULL REFERENCES import_batches (id) ON DELETE CASCADE,
      seq integer NOT NULL,
      severity text NOT NULL CHECK (severity IN ('error', 'warning')),
      file text NOT NULL,
      line integer,
      column_name text,
      code text NOT NULL,
      message text NOT NULL,
      PRIMARY KEY (batch_id, seq)
    )`.execute(db);
  // What a batch changed: the record (its table and key) and, for an update or a deactivation,
  // the row as it was, so a revert can put it back.
  await sql`
    CREATE TABLE import_changes (
      batch_id integer NOT NULL REFERENCES import_batches (id) ON DELETE CASCADE,
      entity text NOT NULL,
      record_id text NOT NULL,
      action text NOT NULL CHECK (action IN ('create', 'update', 'deactivate')),
      before jsonb,
      PRIMARY KEY (batch_id, entity, record_id)
    )`.execute(db);

  await sql`
    CREATE TABLE academic_sessions (
      id serial PRIMARY KEY,
      sourced_id text NOT NULL UNIQUE,
      title text NOT NULL,
      session_type text NOT NULL,
      start_date date NOT NULL,
      end_date date NOT NULL,
      parent_sourced_id text,
      school_year text,
      is_active boolean NOT NULL DEFAULT true,
      batch_id integer REFERENCES import_batches (id) ON DELETE SET NULL,
      import_hash text
    )`.execute(db);
  await sql`
    CREATE TABLE orgs (
      id serial PRIMARY KEY,
      sourced_id text NOT NULL UNIQUE,
      name text NOT NULL,
      org_type text NOT NULL,
      identifier text,
      parent_sourced_id text,
      is_active boolean NOT NULL DEFAULT true,
      batch_id integer REFERENCES import_batches (id) ON DELETE SET NULL,
      import_hash text
    )`.execute(db);
  // A OneRoster role row (roles.csv): `student` grants Student, `teacher` TeachingStaff, others nothing.
  await sql`
    CREATE TABLE person_roles (
      id serial PRIMARY KEY,
      sourced_id text NOT NULL UNIQUE,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      role_type text NOT NULL,
      role text NOT NULL,
      org_sourced_id text NOT NULL,
      begin_date date,
      end_date date,
      is_active boolean NOT NULL DEFAULT true,
      batch_id integer REFERENCES import_batches (id) ON DELETE SET NULL,
      import_hash text
    )`.execute(db);
  await sql`CREATE INDEX person_roles_user_idx ON person_roles (user_id)`.execute(db);
  // The rows of a bundle being validated, as the reader normalised them, until the batch is
  // applied or thrown away.
  await sql`
    CREATE TABLE import_staged_rows (
      batch_id integer NOT NULL REFERENCES import_batches (id) ON DELETE CASCADE,
      entity text NOT NULL,
      line integer NOT NULL,
      sourced_id text NOT NULL,
      status text NOT NULL CHECK (status IN ('active', 'tobedeleted')),
      data jsonb NOT NULL,
      hash text NOT NULL,
      PRIMARY KEY (batch_id, entity, line)
    )`.execute(db);
  // The uploaded zip, in chunks, so whichever instance takes the validation job can read it.
  await sql`
    CREATE TABLE import_uploads (
      batch_id integer NOT NULL REFERENCES import_batches (id) ON DELETE CASCADE,
      seq integer NOT NULL,
      chunk bytea NOT NULL,
      PRIMARY KEY (batch_id, seq)
    )`.execute(db);
  await sql`CREATE INDEX import_staged_rows_id_idx ON import_staged_rows (batch_id, entity, sourced_id)`.execute(db);

  const imported = (table: string) => sql`
    ALTER TABLE ${sql.table(table)}
      ADD COLUMN sourced_id text UNIQUE,
      ADD COLUMN batch_id integer REFERENCES import_batches (id) ON DELETE SET NULL,
      ADD COLUMN import_hash text`;

  // Modules: a course's code repeats from year to year, so the code is no longer unique.
  await imported('modules').execute(db);
  await sql`
    ALTER TABLE modules
      ADD COLUMN is_active boolean NOT NULL DEFAULT true,
      ADD COLUMN school_year_sourced_id text,
      ADD COLUMN org_sourced_id text,
      DROP CONSTRAINT modules_code_key`.execute(db);
  await sql`CREATE INDEX modules_code_idx ON modules (code)`.execute(db);

  await sql`
    CREATE TABLE teaching_groups (
      id serial PRIMARY KEY,
      module_id integer NOT NULL REFERENCES modules (id) ON DELETE CASCADE,
      sourced_id text UNIQUE,
      title text NOT NULL,
      class_type text NOT NULL DEFAULT 'scheduled',
      class_code text,
      term_sourced_ids text[] NOT NULL DEFAULT '{}',
      location text,
      academic_year text CHECK (academic_year ~ '^[0-9]{4}/[0-9]{2}$'),
      is_active boolean NOT NULL DEFAULT true,
      batch_id integer REFERENCES import_batches (id) ON DELETE SET NULL,
      import_hash text
    )`.execute(db);
  await sql`CREATE INDEX teaching_groups_module_idx ON teaching_groups (module_id)`.execute(db);
  await sql`INSERT INTO teaching_groups (module_id, title) SELECT id, code FROM modules ORDER BY id`.execute(db);
  await sql`
    CREATE TRIGGER teaching_groups_cache_version_truncate AFTER TRUNCATE ON teaching_groups
    FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_version_shared('timetable')`.execute(db);

  await imported('timetable_events').execute(db);
  await sql`
    ALTER TABLE timetable_events
      ADD COLUMN group_id integer REFERENCES teaching_groups (id) ON DELETE CASCADE,
      ADD COLUMN is_active boolean NOT NULL DEFAULT true,
      ADD COLUMN title text,
      DROP CONSTRAINT timetable_events_event_type_check,
      ADD CONSTRAINT timetable_events_event_type_check
        CHECK (event_type IN ('Lecture', 'Seminar', 'Lab', 'Tutorial', 'Workshop', 'Exam', 'Other'))`.execute(db);
  await sql`UPDATE timetable_events e SET group_id = g.id FROM teaching_groups g WHERE g.module_id = e.module_id`.execute(db);
  await sql`ALTER TABLE timetable_events ALTER COLUMN group_id SET NOT NULL`.execute(db);
  await sql`
    CREATE FUNCTION set_group_and_module() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.group_id IS NULL THEN
        SELECT id INTO NEW.group_id FROM teaching_groups WHERE module_id = NEW.module_id ORDER BY id LIMIT 1;
        IF NEW.group_id IS NULL THEN
          INSERT INTO teaching_groups (module_id, title) SELECT id, code FROM modules WHERE id = NEW.module_id
          RETURNING id INTO NEW.group_id;
        END IF;
      ELSE
        SELECT module_id INTO NEW.module_id FROM teaching_groups WHERE id = NEW.group_id;
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER timetable_events_group BEFORE INSERT OR UPDATE OF group_id, module_id ON timetable_events
    FOR EACH ROW EXECUTE FUNCTION set_group_and_module()`.execute(db);
  await sql`CREATE INDEX timetable_events_group_start_idx ON timetable_events (group_id, starts_at)`.execute(db);

  await imported('enrolments').execute(db);
  await sql`
    ALTER TABLE enrolments
      ADD COLUMN group_id integer REFERENCES teaching_groups (id) ON DELETE CASCADE,
      ADD COLUMN is_active boolean NOT NULL DEFAULT true`.execute(db);
  await sql`UPDATE enrolments n SET group_id = g.id FROM teaching_groups g WHERE g.module_id = n.module_id`.execute(db);
  await sql`
    ALTER TABLE enrolments
      ALTER COLUMN group_id SET NOT NULL,
      DROP CONSTRAINT enrolments_pk,
      ADD CONSTRAINT enrolments_pk PRIMARY KEY (student_user_id, academic_year, group_id)`.execute(db);
  await sql`
    CREATE TRIGGER enrolments_group BEFORE INSERT OR UPDATE OF group_id, module_id ON enrolments
    FOR EACH ROW EXECUTE FUNCTION set_group_and_module()`.execute(db);
  await sql`CREATE INDEX enrolments_group_idx ON enrolments (group_id, academic_year)`.execute(db);

  // Teaching: a whole module (every group), one group (all its events) or one event (cover).
  await imported('teaching_assignments').execute(db);
  await sql`
    ALTER TABLE teaching_assignments
      ADD COLUMN group_id integer REFERENCES teaching_groups (id) ON DELETE CASCADE,
      ADD COLUMN is_active boolean NOT NULL DEFAULT true`.execute(db);
  await sql`
    ALTER TABLE teaching_assignments
      DROP CONSTRAINT teaching_assignments_one_target,
      ADD CONSTRAINT teaching_assignments_one_target CHECK (num_nonnulls(module_id, group_id, event_id) = 1)`.execute(db);
  await sql`
    CREATE UNIQUE INDEX teaching_assignments_group_uq ON teaching_assignments (lecturer_user_id, group_id)
    WHERE group_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX teaching_assignments_group_idx ON teaching_assignments (group_id)`.execute(db);

  await imported('users').execute(db);
  await sql`ALTER TABLE users ADD COLUMN is_active boolean NOT NULL DEFAULT true`.execute(db);
  await sql`
    ALTER TABLE user_roles
      ADD COLUMN via_sign_in boolean NOT NULL DEFAULT true,
      ADD COLUMN via_import boolean NOT NULL DEFAULT false,
      ADD CONSTRAINT user_roles_has_source CHECK (via_sign_in OR via_import)`.execute(db);

  // Rooms are keyed by their sourcedId (the map page's room id); the map needs coordinates, which
  // the format makes optional: a room without them is on timetables but not on the map.
  await sql`
    ALTER TABLE rooms
      ADD COLUMN batch_id integer REFERENCES import_batches (id) ON DELETE SET NULL,
      ADD COLUMN import_hash text,
      ADD COLUMN is_active boolean NOT NULL DEFAULT true,
      ADD COLUMN capacity integer CHECK (capacity >= 0),
      ALTER COLUMN floor DROP NOT NULL,
      ALTER COLUMN latitude DROP NOT NULL,
      ALTER COLUMN longitude DROP NOT NULL`.execute(db);
  await sql`ALTER TABLE buildings ALTER COLUMN polygon DROP NOT NULL`.execute(db);

  await imported('absence_categories').execute(db);
  await bumpSharedVersionsPerStatement(db);
}

/** Tables whose changes bump the shared `timetable` version (0018), and the columns that are bookkeeping no answer shows. */
const SHARED_TIMETABLE_TABLES: readonly { table: string; ignored: readonly string[] }[] = [
  { table: 'timetable_events', ignored: ['register_closed_at', 'missed_alerts_at'] },
  { table: 'teaching_groups', ignored: [] },
  { table: 'modules', ignored: [] },
  { table: 'rooms', ignored: [] },
];

/**
 * The shared `timetable` version is bumped once per statement that changed a row, not once per
 * row: an import writes hundreds of thousands of events in one transaction, and a bump per row
 * rewrote the one `cache_versions` row as often, each time further down its chain of versions.
 * Statement triggers with transition tables see every changed row; a statement that changed none
 * (an import's upsert of unchanged rows, the close-registers job's bookkeeping) bumps nothing.
 */
async function bumpSharedVersionsPerStatement(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION bump_cache_version_if_rows() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM changed_rows) THEN PERFORM bump_cache_version(TG_ARGV[0]); END IF;
      RETURN NULL;
    END $$`.execute(db);
  for (const { table, ignored } of SHARED_TIMETABLE_TABLES) {
    const without = (row: string) => sql.raw(`(to_jsonb(${row})${ignored.map((column) => ` - '${column}'`).join('')})`);
    for (const suffix of ['', '_write', '_update']) {
      await sql`DROP TRIGGER IF EXISTS ${sql.id(`${table}_cache_version${suffix}`)} ON ${sql.table(table)}`.execute(db);
    }
    await sql`
      CREATE TRIGGER ${sql.id(`${table}_cache_version_insert`)} AFTER INSERT ON ${sql.table(table)}
      REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_version_if_rows('timetable')`.execute(db);
    await sql`
      CREATE TRIGGER ${sql.id(`${table}_cache_version_delete`)} AFTER DELETE ON ${sql.table(table)}
      REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_version_if_rows('timetable')`.execute(db);
    const fn = sql.id(`bump_cache_version_if_${table}_changed`);
    await sql`
      CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
                   WHERE ${without('o')} IS DISTINCT FROM ${without('n')}) THEN
          PERFORM bump_cache_version('timetable');
        END IF;
        RETURN NULL;
      END $$`.execute(db);
    await sql`
      CREATE TRIGGER ${sql.id(`${table}_cache_version_update`)} AFTER UPDATE ON ${sql.table(table)}
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`.execute(db);
  }
}

/** Back to 0018's row triggers (0019's bookkeeping columns on events). */
async function bumpSharedVersionsPerRow(db: Kysely<unknown>): Promise<void> {
  for (const { table } of SHARED_TIMETABLE_TABLES) {
    for (const suffix of ['_insert', '_delete', '_update']) {
      await sql`DROP TRIGGER IF EXISTS ${sql.id(`${table}_cache_version${suffix}`)} ON ${sql.table(table)}`.execute(db);
    }
    await sql`DROP FUNCTION ${sql.id(`bump_cache_version_if_${table}_changed`)}()`.execute(db);
  }
  await sql`DROP FUNCTION bump_cache_version_if_rows()`.execute(db);
  await sql`
    CREATE TRIGGER timetable_events_cache_version_write AFTER INSERT OR DELETE ON timetable_events
    FOR EACH ROW EXECUTE FUNCTION bump_cache_version_shared('timetable')`.execute(db);
  await sql`
    CREATE TRIGGER timetable_events_cache_version_update AFTER UPDATE ON timetable_events
    FOR EACH ROW WHEN ((to_jsonb(OLD) - 'register_closed_at' - 'missed_alerts_at') IS DISTINCT FROM (to_jsonb(NEW) - 'register_closed_at' - 'missed_alerts_at'))
    EXECUTE FUNCTION bump_cache_version_shared('timetable')`.execute(db);
  for (const table of ['modules', 'rooms']) {
    await sql`
      CREATE TRIGGER ${sql.id(`${table}_cache_version`)} AFTER INSERT OR UPDATE OR DELETE ON ${sql.table(table)}
      FOR EACH ROW EXECUTE FUNCTION bump_cache_version_shared('timetable')`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await bumpSharedVersionsPerRow(db);
  // Back to module-wide data: events and enrolments keep their module; a group's teaching becomes
  // its module's (several groups of one module collapse into one row per lecturer).
  await sql`ALTER TABLE absence_categories DROP COLUMN sourced_id, DROP COLUMN batch_id, DROP COLUMN import_hash`.execute(db);
  await sql`DROP TABLE import_staged_rows`.execute(db);
  await sql`DROP TABLE import_uploads`.execute(db);
  await sql`DROP TABLE person_roles`.execute(db);
  await sql`ALTER TABLE buildings ALTER COLUMN polygon SET NOT NULL`.execute(db);
  await sql`DELETE FROM rooms WHERE floor IS NULL OR latitude IS NULL OR longitude IS NULL`.execute(db);
  await sql`
    ALTER TABLE rooms
      DROP COLUMN batch_id, DROP COLUMN is_active, DROP COLUMN capacity, DROP COLUMN import_hash,
      ALTER COLUMN floor SET NOT NULL, ALTER COLUMN latitude SET NOT NULL, ALTER COLUMN longitude SET NOT NULL`.execute(db);
  await sql`DELETE FROM user_roles WHERE NOT via_sign_in`.execute(db);
  await sql`ALTER TABLE user_roles DROP CONSTRAINT user_roles_has_source, DROP COLUMN via_sign_in, DROP COLUMN via_import`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN is_active, DROP COLUMN sourced_id, DROP COLUMN batch_id, DROP COLUMN import_hash`.execute(db);

  await sql`DROP TRIGGER enrolments_group ON enrolments`.execute(db);
  await sql`DROP TRIGGER timetable_events_group ON timetable_events`.execute(db);
  await sql`DROP FUNCTION set_group_and_module()`.execute(db);
  await sql`
    INSERT INTO teaching_assignments (lecturer_user_id, module_id)
    SELECT DISTINCT t.lecturer_user_id, g.module_id FROM teaching_assignments t JOIN teaching_groups g ON g.id = t.group_id
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`DELETE FROM teaching_assignments WHERE group_id IS NOT NULL`.execute(db);
  await sql`DROP INDEX teaching_assignments_group_uq`.execute(db);
  await sql`
    ALTER TABLE teaching_assignments
      DROP CONSTRAINT teaching_assignments_one_target,
      DROP COLUMN group_id, DROP COLUMN is_active, DROP COLUMN sourced_id, DROP COLUMN batch_id, DROP COLUMN import_hash,
      ADD CONSTRAINT teaching_assignments_one_target CHECK ((module_id IS NULL) <> (event_id IS NULL))`.execute(db);

  await sql`
    DELETE FROM enrolments n USING enrolments m
    WHERE n.student_user_id = m.student_user_id AND n.academic_year = m.academic_year AND n.module_id = m.module_id
      AND n.group_id > m.group_id`.execute(db);
  await sql`
    ALTER TABLE enrolments
      DROP CONSTRAINT enrolments_pk,
      DROP COLUMN group_id, DROP COLUMN is_active, DROP COLUMN sourced_id, DROP COLUMN batch_id, DROP COLUMN import_hash,
      ADD CONSTRAINT enrolments_pk PRIMARY KEY (student_user_id, academic_year, module_id)`.execute(db);

  await sql`UPDATE timetable_events SET event_type = 'Lecture' WHERE event_type IN ('Exam', 'Other')`.execute(db);
  await sql`
    ALTER TABLE timetable_events
      DROP COLUMN group_id, DROP COLUMN is_active, DROP COLUMN title, DROP COLUMN sourced_id, DROP COLUMN batch_id, DROP COLUMN import_hash,
      DROP CONSTRAINT timetable_events_event_type_check,
      ADD CONSTRAINT timetable_events_event_type_check
        CHECK (event_type IN ('Lecture', 'Seminar', 'Lab', 'Tutorial', 'Workshop'))`.execute(db);
  await sql`DROP TABLE teaching_groups`.execute(db);
  await sql`DROP INDEX modules_code_idx`.execute(db);
  await sql`
    ALTER TABLE modules
      DROP COLUMN is_active, DROP COLUMN school_year_sourced_id, DROP COLUMN org_sourced_id,
      DROP COLUMN sourced_id, DROP COLUMN batch_id, DROP COLUMN import_hash,
      ADD CONSTRAINT modules_code_key UNIQUE (code)`.execute(db);
  await sql`DROP TABLE orgs`.execute(db);
  await sql`DROP TABLE academic_sessions`.execute(db);
  await sql`DROP TABLE import_changes`.execute(db);
  await sql`DROP TABLE import_problems`.execute(db);
  await sql`DROP TABLE import_batches`.execute(db);
}
