import { sql, type Kysely } from 'kysely';

/**
 * Issue 36 §1 and §2, machine access:
 * - integration_clients: a name, its scopes, the SHA-256 of its secret token (the token itself is
 *   shown once and never stored), an expiry, a revocation, and its last use and address;
 * - import_batches gains the client that pushed it, and `auto_apply`: the batch applies itself
 *   once validation leaves no error and no warning.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE integration_clients (
      id serial PRIMARY KEY,
      name text NOT NULL,
      scopes text[] NOT NULL,
      token_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL,
      created_by_user_id integer REFERENCES users (id) ON DELETE SET NULL,
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      revoked_by_user_id integer REFERENCES users (id) ON DELETE SET NULL,
      last_used_at timestamptz,
      last_used_address text
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX integration_clients_live_name_idx ON integration_clients (lower(name)) WHERE revoked_at IS NULL`.execute(db);
  await sql`ALTER TABLE import_batches ADD COLUMN created_by_client_id integer REFERENCES integration_clients (id) ON DELETE SET NULL`.execute(db);
  await sql`ALTER TABLE import_batches ADD COLUMN auto_apply boolean NOT NULL DEFAULT false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE import_batches DROP COLUMN auto_apply`.execute(db);
  await sql`ALTER TABLE import_batches DROP COLUMN created_by_client_id`.execute(db);
  await sql`DROP TABLE integration_clients`.execute(db);
}
