import { sql } from 'kysely';
import { importEntityNames } from '../../../shared/contract/adminImports.js';
import type { Db } from '../../db/database.js';
import { syncImportedRoles } from './apply.js';
import { writersFor, type TableWriter } from './writers.js';

/**
 * Reverting an applied batch: what it created is deactivated, what it updated or deactivated is
 * put back as it was (the "before" it recorded), in one transaction, last entity first. Refused
 * while a later batch changed any of the same records (that one must be reverted first).
 */

const EPOCH = new Date(0);

/** How many records this batch changed that a later batch has changed since. */
export async function laterChanges(db: Db, batchId: number): Promise<number> {
  let total = 0;
  for (const entity of importEntityNames) {
    for (const w of writersFor(entity, batchId, EPOCH)) {
      const { rows } = await sql<{ n: string }>`
        select count(*) as n from import_changes c join ${sql.table(w.table)} t on t.${sql.ref(w.key)} = c.record_id
        where c.batch_id = ${batchId} and c.entity = ${entity} and t.batch_id is distinct from ${batchId}`.execute(db);
      total += Number(rows[0]?.n ?? 0);
    }
  }
  return total;
}

async function restoreTable(trx: Db, batchId: number, entity: string, w: TableWriter, now: Date): Promise<void> {
  const t = sql.table(w.table);
  const key = sql.ref(w.key);
  // A calendar app takes a changed event only with a higher SEQUENCE: a revert is a change too.
  const isEvent = w.table === 'timetable_events';
  const bump = isEvent ? sql`, sequence = t.sequence + 1, last_modified = ${now}` : sql``;
  await sql`
    update ${t} t set is_active = false ${bump}
    from import_changes c where c.batch_id = ${batchId} and c.entity = ${entity} and c.action = 'create' and t.${key} = c.record_id`.execute(trx);
  const columns = [...Object.keys(w.columns), 'is_active', 'batch_id', 'import_hash'].filter((c) => !(isEvent && c === 'last_modified'));
  await sql`
    update ${t} t set (${sql.join(columns.map((c) => sql.ref(c)))}) = (
      select ${sql.join(columns.map((c) => sql.ref(`p.${c}`)))} from jsonb_populate_record(null::${t}, c.before) p) ${bump}
    from import_changes c
    where c.batch_id = ${batchId} and c.entity = ${entity} and c.action in ('update', 'deactivate') and t.${key} = c.record_id`.execute(trx);
}

/** Profiles and personal tutors of the users the batch updated, as they were. */
async function restoreProfiles(trx: Db, batchId: number): Promise<void> {
  const changed = sql`(select u.id as user_id, c.before -> '_extra' as extra from import_changes c join users u on u.sourced_id = c.record_id
    where c.batch_id = ${batchId} and c.entity = 'users' and c.action in ('update', 'deactivate'))`;
  await sql`
    insert into profiles (user_id, study_level, registration_status, programme, school, is_student_visa_holder)
    select x.user_id, p.study_level, p.registration_status, p.programme, p.school, p.is_student_visa_holder
    from ${changed} x, jsonb_populate_record(null::profiles, x.extra -> 'profile') p
    where jsonb_typeof(x.extra -> 'profile') = 'object'
    on conflict (user_id) do update set study_level = excluded.study_level, registration_status = excluded.registration_status,
      programme = excluded.programme, school = excluded.school, is_student_visa_holder = excluded.is_student_visa_holder`.execute(trx);
  await sql`delete from personal_tutors pt using ${changed} x where pt.student_user_id = x.user_id`.execute(trx);
  await sql`
    insert into personal_tutors (student_user_id, tutor_user_id, tutor_name, tutor_email, office)
    select x.user_id, p.tutor_user_id, p.tutor_name, p.tutor_email, p.office
    from ${changed} x, jsonb_populate_record(null::personal_tutors, x.extra -> 'tutor') p
    where jsonb_typeof(x.extra -> 'tutor') = 'object'`.execute(trx);
}

/** The event-level teachers of the events the batch updated, as they were. */
async function restoreEventTeachers(trx: Db, batchId: number): Promise<void> {
  const changed = sql`(select e.id as event_id, c.before -> '_extra' -> 'teachers' as teachers from import_changes c
    join timetable_events e on e.sourced_id = c.record_id
    where c.batch_id = ${batchId} and c.entity = 'events' and c.action in ('update', 'deactivate'))`;
  await sql`delete from teaching_assignments ta using ${changed} x where ta.event_id = x.event_id and ta.sourced_id is null`.execute(trx);
  await sql`
    insert into teaching_assignments (lecturer_user_id, event_id)
    select distinct v.lecturer::integer, x.event_id from ${changed} x, jsonb_array_elements_text(coalesce(x.teachers, '[]'::jsonb)) as v(lecturer)
    on conflict do nothing`.execute(trx);
}

export async function revertApplied(trx: Db, batchId: number, now: Date): Promise<void> {
  for (const entity of [...importEntityNames].reverse()) {
    for (const w of writersFor(entity, batchId, EPOCH)) await restoreTable(trx, batchId, entity, w, now);
    if (entity === 'users') await restoreProfiles(trx, batchId);
    if (entity === 'events') await restoreEventTeachers(trx, batchId);
  }
  await syncImportedRoles(trx);
}
