import { sql, type Kysely } from 'kysely';

/**
 * State that every server instance must see, moved out of the process and its disk:
 * - evidence_contents: the bytes of absence evidence files (at most 5 MB each), keyed by
 *   absence_files.storage_key, so that any instance can serve a file another one received;
 * - rate_limit_windows: fixed-window counters of the rate limiter (sign-in), one row per route
 *   and client address, so that the limit holds across instances.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('evidence_contents')
    .addColumn('storage_key', 'text', (c) => c.primaryKey())
    .addColumn('bytes', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('rate_limit_windows')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('window_ends', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limit_windows_ends_idx').on('rate_limit_windows').column('window_ends').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limit_windows').execute();
  await db.schema.dropTable('evidence_contents').execute();
}
