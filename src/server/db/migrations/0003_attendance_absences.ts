import { sql, type Kysely } from 'kysely';

const RESULTS = sql`('Cancelled', 'Attended', 'AttendedAssumed', 'Absent', 'AbsentAuthorised', 'AbsentInformed')`;
const STATUSES = sql`('Pending', 'PendingCancellation', 'Approved', 'Denied', 'AwaitingEvidence', 'Cancelled')`;

/** Attendance records and registrations, absence categories, requests and files, referrals. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('attendance_records')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('student_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('timetable_events.id').onDelete('cascade'))
    .addColumn('analysis_result', 'text', (c) => c.notNull().check(sql`analysis_result in ${RESULTS}`))
    .addColumn('academic_year', 'text', (c) => c.notNull().check(sql`academic_year ~ '^[0-9]{4}/[0-9]{2}$'`))
    .addUniqueConstraint('attendance_records_student_event_uq', ['student_user_id', 'event_id'])
    .execute();
  await db.schema
    .createIndex('attendance_records_student_year_idx')
    .on('attendance_records')
    .columns(['student_user_id', 'academic_year'])
    .execute();
  await db.schema.createIndex('attendance_records_event_idx').on('attendance_records').column('event_id').execute();

  await db.schema
    .createTable('attendance_registrations')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('student_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('timetable_events.id').onDelete('cascade'))
    .addColumn('registered_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('client_ip', 'text')
    .addUniqueConstraint('attendance_registrations_student_event_uq', ['student_user_id', 'event_id'])
    .execute();
  await db.schema
    .createIndex('attendance_registrations_event_idx')
    .on('attendance_registrations')
    .column('event_id')
    .execute();

  await db.schema
    .createTable('attendance_registration_refusals')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('student_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('event_id', 'integer', (c) => c.references('timetable_events.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('client_ip', 'text')
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('attendance_registration_refusals_student_idx')
    .on('attendance_registration_refusals')
    .columns(['student_user_id', 'at'])
    .execute();

  await db.schema
    .createTable('absence_categories')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('absence_type', 'text', (c) => c.notNull().check(sql`absence_type in ('Authorised', 'Informed')`))
    .addColumn('requires_description', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('requires_evidence', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();

  await db.schema
    .createTable('absence_requests')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('student_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('absence_categories.id').onDelete('restrict'))
    .addColumn('absence_start', 'timestamptz', (c) => c.notNull())
    .addColumn('absence_end', 'timestamptz', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.check(sql`char_length(description) <= 255`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('Pending').check(sql`status in ${STATUSES}`))
    .addColumn('message_to_student', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_modified', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('absence_requests_end_after_start', sql`absence_end > absence_start`)
    .execute();
  await db.schema
    .createIndex('absence_requests_student_start_idx')
    .on('absence_requests')
    .columns(['student_user_id', 'absence_start'])
    .execute();

  await db.schema
    .createTable('absence_files')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('request_id', 'integer', (c) => c.notNull().references('absence_requests.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull().check(sql`size_bytes > 0 and size_bytes <= 5242880`))
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('absence_files_request_idx').on('absence_files').column('request_id').execute();

  await db.schema
    .createTable('referrals')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('student_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('referrals_student_created_idx')
    .on('referrals')
    .columns(['student_user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const tables = [
    'referrals', 'absence_files', 'absence_requests', 'absence_categories',
    'attendance_registration_refusals', 'attendance_registrations', 'attendance_records',
  ];
  for (const table of tables) await db.schema.dropTable(table).ifExists().execute();
}
