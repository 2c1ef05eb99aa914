import { sql, type Kysely } from 'kysely';

/**
 * Issue 34 §5, "Keep me signed in on this device": whether the user asked at sign-in for the
 * session cookie to outlive the browser (until the session's absolute expiry). Kept with the
 * session, so every cookie the server issues for it later (a view handed back, a fresh antiforgery
 * token) keeps the same choice. Sessions from before this migration end with the browser, as they did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sessions ADD COLUMN keep_signed_in boolean NOT NULL DEFAULT false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sessions DROP COLUMN keep_signed_in`.execute(db);
}
