import { sql, type Kysely } from 'kysely';

/**
 * Issue 32, item 3: "sign out of all devices" and an administrator's "end all sessions". The
 * sessions go from `sessions` at once; each leaves its hash here until it would have ended anyway
 * (its absolute expiry), so the device still holding its cookie learns, on its next contact, that
 * it must wipe its offline copy of the user's data.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE revoked_sessions (
      id_hash text PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      revoked_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL
    )
  `.execute(db);
  await sql`CREATE INDEX revoked_sessions_expires_at ON revoked_sessions (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE revoked_sessions`.execute(db);
}
