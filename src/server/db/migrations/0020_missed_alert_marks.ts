import { sql, type Kysely } from 'kysely';

/**
 * Missed-run alerts are made good after a failure: a closed class keeps `missed_alerts_at` null
 * until its absent students have been checked for a missed-run alert, so a run whose alert step
 * failed (or whose instance died) after the close committed is picked up by the next one. Classes
 * closed before this migration count as checked, so deploying it alerts nobody for the past.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('timetable_events').addColumn('missed_alerts_at', 'timestamptz').execute();
  await sql`UPDATE timetable_events SET missed_alerts_at = register_closed_at WHERE register_closed_at IS NOT NULL`.execute(db);
  await sql`CREATE INDEX timetable_events_missed_alerts_due ON timetable_events (register_closed_at, id)
    WHERE register_closed_at IS NOT NULL AND missed_alerts_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX timetable_events_missed_alerts_due`.execute(db);
  await db.schema.alterTable('timetable_events').dropColumn('missed_alerts_at').execute();
}
