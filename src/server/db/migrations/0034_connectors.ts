import { sql, type Kysely } from 'kysely';

/**
 * Scheduled pulls (issue 36 §3):
 *
 * - `connectors`: what an administrator set up under Admin → Integrations: a OneRoster 1.2 REST
 *   endpoint or timetable iCal feeds, its cron schedule (in the university's time zone) and when
 *   it is next due. `settings` holds what may be shown back (addresses, client id); the one secret
 *   (the OAuth client secret) is `secret_ciphertext`, AES-256-GCM under a key kept in
 *   `server_secrets`, and never leaves the server.
 * - `connector_runs`: each run (scheduled or "Run now"), its state and reason, and the import batch
 *   it made. A run that fails before a batch exists still has its row: the reason is kept.
 * - `import_batches.connector_id`: the history says which connector made a batch.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE connectors (
      id serial PRIMARY KEY,
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
      kind text NOT NULL CHECK (kind IN ('oneRoster', 'ical')),
      schedule text NOT NULL CHECK (char_length(schedule) BETWEEN 1 AND 100),
      is_enabled boolean NOT NULL DEFAULT true,
      settings jsonb NOT NULL,
      secret_ciphertext text,
      next_run_at timestamptz,
      created_by_user_id integer REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE connector_runs (
      id serial PRIMARY KEY,
      connector_id integer NOT NULL REFERENCES connectors(id) ON DELETE CASCADE,
      trigger text NOT NULL CHECK (trigger IN ('schedule', 'manual')),
      state text NOT NULL CHECK (state IN ('queued', 'running', 'importing', 'applied', 'unchanged', 'needsReview', 'failed')),
      queued_at timestamptz NOT NULL,
      started_at timestamptz,
      finished_at timestamptz,
      message text CHECK (char_length(message) <= 2000),
      batch_id integer REFERENCES import_batches(id) ON DELETE SET NULL
    )`.execute(db);
  await sql`CREATE INDEX connector_runs_connector_idx ON connector_runs (connector_id, id DESC)`.execute(db);
  // At most one run of a connector waits or works at a time.
  await sql`
    CREATE UNIQUE INDEX connector_runs_one_open_idx ON connector_runs (connector_id)
    WHERE state IN ('queued', 'running', 'importing')`.execute(db);
  await sql`ALTER TABLE import_batches ADD COLUMN connector_id integer REFERENCES connectors(id) ON DELETE SET NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE import_batches DROP COLUMN connector_id`.execute(db);
  await sql`DROP TABLE connector_runs`.execute(db);
  await sql`DROP TABLE connectors`.execute(db);
}
