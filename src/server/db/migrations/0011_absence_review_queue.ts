import { sql, type Kysely } from 'kysely';

/**
 * The absence review queue (issue 15): `absence_requests.status_changed_at` is when a request
 * reached its current status, which orders the queue (oldest first) and tells reviewers how long it
 * has waited. A trigger keeps it: on insert it is the row's `last_modified`, and whenever an update
 * changes the status it becomes that update's `last_modified` (every status change, by a student or
 * a reviewer, sets `last_modified`). Existing rows start from their `last_modified`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('absence_requests')
    .addColumn('status_changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`update absence_requests set status_changed_at = last_modified`.execute(db);
  await sql`
    create function absence_requests_status_changed() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' or new.status is distinct from old.status then
        new.status_changed_at := new.last_modified;
      else
        new.status_changed_at := old.status_changed_at;
      end if;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger absence_requests_status_changed_trg
    before insert or update on absence_requests
    for each row execute function absence_requests_status_changed()`.execute(db);
  await db.schema
    .createIndex('absence_requests_status_waiting_idx')
    .on('absence_requests')
    .columns(['status', 'status_changed_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('absence_requests_status_waiting_idx').execute();
  await sql`drop trigger absence_requests_status_changed_trg on absence_requests`.execute(db);
  await sql`drop function absence_requests_status_changed()`.execute(db);
  await db.schema.alterTable('absence_requests').dropColumn('status_changed_at').execute();
}
