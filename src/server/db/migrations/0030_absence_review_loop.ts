import { sql, type Kysely } from 'kysely';

/**
 * The absence review loop (issue 31):
 *
 * - `absence_requests.evidence_added_at`: when the student last added evidence to a request the
 *   office had asked evidence for (the request went back to Pending). The queue marks such a
 *   request "Evidence added"; the student reads "Sent for review on …".
 * - `absence_decisions`: one row per reviewer decision: who and when, what the request was before
 *   (so an undo within the window restores it exactly), and whether the student has been told
 *   (their notification waits out the undo window) or the decision was undone.
 * - The status-changed trigger (0011) keeps a `status_changed_at` an update sets itself: an undo
 *   puts the previous one back with the previous status.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('absence_requests').addColumn('evidence_added_at', 'timestamptz').execute();
  await sql`
    CREATE TABLE absence_decisions (
      id serial PRIMARY KEY,
      request_id integer NOT NULL REFERENCES absence_requests(id) ON DELETE CASCADE,
      decided_by_user_id integer REFERENCES users(id) ON DELETE SET NULL,
      decided_at timestamptz NOT NULL,
      from_status text NOT NULL,
      to_status text NOT NULL,
      message text,
      last_modified timestamptz NOT NULL,
      previous_message text,
      previous_last_modified timestamptz NOT NULL,
      previous_status_changed_at timestamptz NOT NULL,
      undone_at timestamptz,
      notified_at timestamptz
    )
  `.execute(db);
  await sql`CREATE INDEX absence_decisions_request_idx ON absence_decisions (request_id, decided_at)`.execute(db);
  await sql`CREATE INDEX absence_decisions_unsent_idx ON absence_decisions (decided_at) WHERE notified_at IS NULL AND undone_at IS NULL`.execute(db);
  await sql`
    create or replace function absence_requests_status_changed() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        new.status_changed_at := new.last_modified;
      elsif new.status_changed_at is distinct from old.status_changed_at then
        -- Set by the update itself (an undone decision puts the previous one back): kept.
        null;
      elsif new.status is distinct from old.status then
        new.status_changed_at := new.last_modified;
      end if;
      return new;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function absence_requests_status_changed() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' or new.status is distinct from old.status then
        new.status_changed_at := new.last_modified;
      else
        new.status_changed_at := old.status_changed_at;
      end if;
      return new;
    end $$`.execute(db);
  await sql`DROP TABLE absence_decisions`.execute(db);
  await db.schema.alterTable('absence_requests').dropColumn('evidence_added_at').execute();
}
