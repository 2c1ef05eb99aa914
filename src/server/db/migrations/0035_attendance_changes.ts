import { sql, type Kysely } from 'kysely';

/**
 * Issue 36 §4: the attendance feed's change log. Every write that can change what the feed says
 * about a student's attendance at a class adds a row naming that (student, class), in the writing
 * transaction, with the transaction's id (`pg_current_xact_id()`, a 64-bit id that never wraps).
 * The feed reads rows only below the oldest transaction still running
 * (`pg_snapshot_xmin(pg_current_snapshot())`), ordered by (txid, id): every transaction below that
 * line has ended, and any transaction that writes later gets a larger id, so a row can never
 * appear behind a cursor that was already handed out, whatever order transactions commit in.
 *
 * Triggers, not the services, fill it, so that no writer can forget it (a route, a job, an import,
 * psql). What changes the feed:
 * - attendance records and registrations: insert, update, delete (statement triggers: closing a
 *   register writes hundreds of records in one statement);
 * - an absence request becoming, ceasing to be, or changing while Approved: the records of the
 *   classes it covers (before and after the change);
 * - an absence category's name or type: the records its approved requests cover;
 * - a class's facts the feed shows (start, length, cancelled, monitored, module, group, key,
 *   title, type): its records.
 * Rows that existed before this migration are logged once, so the feed from the beginning holds
 * every record.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE attendance_changes (
      id bigserial PRIMARY KEY,
      txid xid8 NOT NULL DEFAULT pg_current_xact_id(),
      student_user_id integer NOT NULL,
      event_id integer NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX attendance_changes_order_idx ON attendance_changes (txid, id)`.execute(db);

  // Records and registrations: `changed` is the statement's new rows (insert, update) or old rows (delete).
  await sql`
    CREATE FUNCTION log_attendance_changes() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO attendance_changes (student_user_id, event_id)
      SELECT student_user_id, event_id FROM changed;
      RETURN NULL;
    END $$`.execute(db);
  for (const table of ['attendance_records', 'attendance_registrations']) {
    for (const [operation, transition] of [['INSERT', 'NEW'], ['UPDATE', 'NEW'], ['DELETE', 'OLD']] as const) {
      await sql`
        CREATE TRIGGER ${sql.id(`${table}_feed_${operation.toLowerCase()}`)} AFTER ${sql.raw(operation)} ON ${sql.id(table)}
        REFERENCING ${sql.raw(transition)} TABLE AS changed
        FOR EACH STATEMENT EXECUTE FUNCTION log_attendance_changes()`.execute(db);
    }
  }

  // An absence request: the closed classes of its student that its span covered or now covers.
  await sql`
    CREATE FUNCTION log_absence_request_attendance_changes() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO attendance_changes (student_user_id, event_id)
      SELECT r.student_user_id, r.event_id
      FROM attendance_records r
      JOIN timetable_events e ON e.id = r.event_id
      WHERE r.student_user_id IN (OLD.student_user_id, NEW.student_user_id)
        AND ((e.starts_at < OLD.absence_end AND e.starts_at + make_interval(mins => e.duration_minutes) > OLD.absence_start)
          OR (e.starts_at < NEW.absence_end AND e.starts_at + make_interval(mins => e.duration_minutes) > NEW.absence_start))
      ORDER BY r.id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER absence_requests_feed_update AFTER UPDATE ON absence_requests
    FOR EACH ROW
    WHEN ((OLD.status = 'Approved' OR NEW.status = 'Approved')
      AND (OLD.status, OLD.category_id, OLD.absence_start, OLD.absence_end, OLD.student_user_id)
        IS DISTINCT FROM (NEW.status, NEW.category_id, NEW.absence_start, NEW.absence_end, NEW.student_user_id))
    EXECUTE FUNCTION log_absence_request_attendance_changes()`.execute(db);

  // An absence category renamed or retyped: the records its approved requests cover.
  await sql`
    CREATE FUNCTION log_absence_category_attendance_changes() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO attendance_changes (student_user_id, event_id)
      SELECT r.student_user_id, r.event_id
      FROM absence_requests a
      JOIN attendance_records r ON r.student_user_id = a.student_user_id
      JOIN timetable_events e ON e.id = r.event_id
      WHERE a.category_id = NEW.id AND a.status = 'Approved'
        AND e.starts_at < a.absence_end AND e.starts_at + make_interval(mins => e.duration_minutes) > a.absence_start
      ORDER BY r.id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER absence_categories_feed_update AFTER UPDATE ON absence_categories
    FOR EACH ROW
    WHEN ((OLD.name, OLD.absence_type) IS DISTINCT FROM (NEW.name, NEW.absence_type))
    EXECUTE FUNCTION log_absence_category_attendance_changes()`.execute(db);

  // A class whose shown facts changed: all its records.
  await sql`
    CREATE FUNCTION log_event_attendance_changes() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO attendance_changes (student_user_id, event_id)
      SELECT student_user_id, event_id FROM attendance_records WHERE event_id = NEW.id ORDER BY id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER timetable_events_feed_update AFTER UPDATE ON timetable_events
    FOR EACH ROW
    WHEN ((OLD.starts_at, OLD.duration_minutes, OLD.is_cancelled, OLD.is_monitored, OLD.module_id, OLD.group_id,
           OLD.sourced_id, OLD.title, OLD.event_type)
      IS DISTINCT FROM (NEW.starts_at, NEW.duration_minutes, NEW.is_cancelled, NEW.is_monitored, NEW.module_id, NEW.group_id,
           NEW.sourced_id, NEW.title, NEW.event_type))
    EXECUTE FUNCTION log_event_attendance_changes()`.execute(db);

  // What is there already, oldest record first.
  await sql`
    INSERT INTO attendance_changes (student_user_id, event_id)
    SELECT student_user_id, event_id FROM attendance_records ORDER BY id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS timetable_events_feed_update ON timetable_events`.execute(db);
  await sql`DROP TRIGGER IF EXISTS absence_categories_feed_update ON absence_categories`.execute(db);
  await sql`DROP TRIGGER IF EXISTS absence_requests_feed_update ON absence_requests`.execute(db);
  for (const table of ['attendance_records', 'attendance_registrations']) {
    for (const operation of ['insert', 'update', 'delete']) {
      await sql`DROP TRIGGER IF EXISTS ${sql.id(`${table}_feed_${operation}`)} ON ${sql.id(table)}`.execute(db);
    }
  }
  await sql`DROP FUNCTION IF EXISTS log_event_attendance_changes()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS log_absence_category_attendance_changes()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS log_absence_request_attendance_changes()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS log_attendance_changes()`.execute(db);
  await sql`DROP TABLE IF EXISTS attendance_changes`.execute(db);
}
