import { sql, type Kysely } from 'kysely';

/**
 * Issue 31 §4: a class's register shows its history (closing, overrides with their reasons, moves,
 * cancellation) from the audit log, on every poll of an open register. This partial index finds a
 * class's entries without reading the whole log.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX audit_log_timetable_event_idx ON audit_log ((detail -> 'target' ->> 'id'), at)
    WHERE detail -> 'target' ->> 'type' = 'timetableEvent'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX audit_log_timetable_event_idx`.execute(db);
}
