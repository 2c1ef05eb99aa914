import { sql, type Kysely } from 'kysely';

/**
 * The live service status feed (issue 18): one row per monitored service, written by the status
 * check job and by administrators (maintenance). Every change takes a new `version` from one
 * sequence; the writer then NOTIFYs that version, and every instance reads the table again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE SEQUENCE service_status_version_seq`.execute(db);
  await db.schema
    .createTable('service_statuses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('feature', 'text')
    // What the checks say, before any maintenance window is laid over it.
    .addColumn('check_state', 'text', (c) => c.notNull().defaultTo('unknown'))
    .addColumn('check_since', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('consecutive_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_checked_at', 'timestamptz')
    .addColumn('response_time_ms', 'integer')
    .addColumn('maintenance_message', 'text')
    .addColumn('maintenance_until', 'timestamptz')
    .addColumn('maintenance_since', 'timestamptz')
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(sql`nextval('service_status_version_seq')`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('service_statuses').execute();
  await sql`DROP SEQUENCE service_status_version_seq`.execute(db);
}
