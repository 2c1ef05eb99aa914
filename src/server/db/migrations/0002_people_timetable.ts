import { sql, type Kysely } from 'kysely';

/** Student profiles and tutors, the estate (buildings, rooms), modules, events, enrolments, teaching. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('profiles')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('study_level', 'integer', (c) => c.check(sql`study_level >= 0`))
    .addColumn('registration_status', 'text')
    .addColumn('programme', 'text')
    .addColumn('school', 'text')
    .addColumn('is_student_visa_holder', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable('personal_tutors')
    .addColumn('student_user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('tutor_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('tutor_name', 'text')
    .addColumn('tutor_email', 'text')
    .addCheckConstraint(
      'personal_tutors_identified',
      sql`tutor_user_id is not null or (tutor_name is not null and tutor_email is not null)`,
    )
    .execute();

  await db.schema
    .createTable('buildings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('polygon', 'jsonb', (c) => c.notNull().check(sql`polygon->>'type' = 'Polygon'`))
    .execute();

  await db.schema
    .createTable('rooms')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('building_id', 'text', (c) => c.notNull().references('buildings.id').onDelete('restrict'))
    .addColumn('floor', 'integer', (c) => c.notNull())
    .addColumn('latitude', 'double precision', (c) => c.notNull().check(sql`latitude between -90 and 90`))
    .addColumn('longitude', 'double precision', (c) => c.notNull().check(sql`longitude between -180 and 180`))
    .execute();

  await db.schema
    .createTable('modules')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('timetable_events')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('module_id', 'integer', (c) => c.notNull().references('modules.id').onDelete('cascade'))
    .addColumn('event_type', 'text', (c) =>
      c.notNull().check(sql`event_type in ('Lecture', 'Seminar', 'Lab', 'Tutorial', 'Workshop')`),
    )
    .addColumn('room_id', 'text', (c) => c.references('rooms.id').onDelete('set null'))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('duration_minutes', 'integer', (c) => c.notNull().check(sql`duration_minutes > 0`))
    .addColumn('is_monitored', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_cancelled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0).check(sql`sequence >= 0`))
    .addColumn('last_modified', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('staff_names', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('timetable_events_start_idx').on('timetable_events').column('starts_at').execute();
  await db.schema
    .createIndex('timetable_events_module_start_idx')
    .on('timetable_events')
    .columns(['module_id', 'starts_at'])
    .execute();

  await db.schema
    .createTable('enrolments')
    .addColumn('student_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('module_id', 'integer', (c) => c.notNull().references('modules.id').onDelete('cascade'))
    .addColumn('academic_year', 'text', (c) => c.notNull().check(sql`academic_year ~ '^[0-9]{4}/[0-9]{2}$'`))
    .addPrimaryKeyConstraint('enrolments_pk', ['student_user_id', 'academic_year', 'module_id'])
    .execute();
  await db.schema
    .createIndex('enrolments_module_year_idx')
    .on('enrolments')
    .columns(['module_id', 'academic_year'])
    .execute();

  await db.schema
    .createTable('teaching_assignments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('lecturer_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('module_id', 'integer', (c) => c.references('modules.id').onDelete('cascade'))
    .addColumn('event_id', 'integer', (c) => c.references('timetable_events.id').onDelete('cascade'))
    .addCheckConstraint('teaching_assignments_one_target', sql`(module_id is null) <> (event_id is null)`)
    .execute();
  await db.schema
    .createIndex('teaching_assignments_module_uq')
    .on('teaching_assignments')
    .columns(['lecturer_user_id', 'module_id'])
    .unique()
    .where(sql.ref('module_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('teaching_assignments_event_uq')
    .on('teaching_assignments')
    .columns(['lecturer_user_id', 'event_id'])
    .unique()
    .where(sql.ref('event_id'), 'is not', null)
    .execute();
  await db.schema.createIndex('teaching_assignments_event_idx').on('teaching_assignments').column('event_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const tables = ['teaching_assignments', 'enrolments', 'timetable_events', 'modules', 'rooms', 'buildings', 'personal_tutors', 'profiles'];
  for (const table of tables) await db.schema.dropTable(table).ifExists().execute();
}
