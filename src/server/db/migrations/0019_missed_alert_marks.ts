import { sql, type Kysely } from 'kysely';

/**
 * Missed-run alerts are made good after a failure: a closed class keeps `missed_alerts_at` null
 * until its absent students have been checked for a missed-run alert, so a run whose alert step
 * failed (or whose instance died) after the close committed is picked up by the next one. Classes
 * closed before this migration count as checked, so deploying it alerts nobody for the past.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('timetable_events').addColumn('missed_alerts_at', 'timestamptz').execute();
  // Like `register_closed_at`, this is the job's bookkeeping, which no answer shows: changing it must
  // not throw every kept timetable away (0018's trigger), neither here nor each time a class closes.
  await setTimetableTrigger(db, ['register_closed_at', 'missed_alerts_at']);
  await sql`UPDATE timetable_events SET missed_alerts_at = register_closed_at WHERE register_closed_at IS NOT NULL`.execute(db);
  await sql`CREATE INDEX timetable_events_missed_alerts_due ON timetable_events (register_closed_at, id)
    WHERE register_closed_at IS NOT NULL AND missed_alerts_at IS NULL`.execute(db);
}

/** 0018's update trigger on events, ignoring the given bookkeeping columns. */
async function setTimetableTrigger(db: Kysely<unknown>, ignored: readonly string[]): Promise<void> {
  const without = (row: string) => sql.raw(`(to_jsonb(${row})${ignored.map((column) => ` - '${column}'`).join('')})`);
  await sql`DROP TRIGGER timetable_events_cache_version_update ON timetable_events`.execute(db);
  await sql`
    CREATE TRIGGER timetable_events_cache_version_update AFTER UPDATE ON timetable_events
    FOR EACH ROW WHEN (${without('OLD')} IS DISTINCT FROM ${without('NEW')})
    EXECUTE FUNCTION bump_cache_version_shared('timetable')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await setTimetableTrigger(db, ['register_closed_at']);
  await sql`DROP INDEX timetable_events_missed_alerts_due`.execute(db);
  await db.schema.alterTable('timetable_events').dropColumn('missed_alerts_at').execute();
}
