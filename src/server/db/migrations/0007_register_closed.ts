import { sql, type Kysely } from 'kysely';

/**
 * timetable_events.register_closed_at: when the close-registers job wrote the class's attendance
 * records (null: not closed yet). The job closes each class once; the partial index finds the
 * classes still open, which are few, however long the timetable's history grows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('timetable_events').addColumn('register_closed_at', 'timestamptz').execute();
  // Classes that ended before this release are closed as they stand: the job is for registers
  // that close from now on, not for writing records into years of history nobody closed by hand.
  await sql`UPDATE timetable_events SET register_closed_at = starts_at + make_interval(mins => duration_minutes)
            WHERE starts_at + make_interval(mins => duration_minutes) <= now()`.execute(db);
  await db.schema
    .createIndex('timetable_events_register_open_idx')
    .on('timetable_events')
    .column('starts_at')
    .where(sql.ref('register_closed_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('timetable_events_register_open_idx').ifExists().execute();
  await db.schema.alterTable('timetable_events').dropColumn('register_closed_at').execute();
}
