import { sql, type RawBuilder } from 'kysely';
import { importEntityNames, type ImportEntity } from '../../../shared/contract/adminImports.js';
import type { Db } from '../../db/database.js';
import type { Modes } from './checks.js';
import { deactivatedIds, stagedActive } from './plan.js';
import { writersFor, type TableWriter } from './writers.js';

/**
 * Applies a validated batch in one transaction, entity by entity in the order references need,
 * with set-based SQL: record what each changed record was (for revert), upsert the staged rows
 * whose digest differs (an unchanged row is not touched, so the same bundle twice changes
 * nothing), then deactivate what the batch drops. Cache versions follow by trigger (0018), so every
 * offline copy and calendar feed refreshes.
 */

/** Extra state kept with a record's "before", so a revert restores it too. */
function extraSnapshot(table: string): RawBuilder<unknown> {
  if (table === 'users') {
    return sql`jsonb_build_object(
      'profile', (select to_jsonb(p) from profiles p where p.user_id = t.id),
      'tutor', (select to_jsonb(pt) from personal_tutors pt where pt.student_user_id = t.id))`;
  }
  if (table === 'timetable_events') {
    return sql`jsonb_build_object('teachers', coalesce((select jsonb_agg(ta.lecturer_user_id) from teaching_assignments ta
      where ta.event_id = t.id and ta.sourced_id is null), '[]'::jsonb))`;
  }
  return sql`'{}'::jsonb`;
}

export const snapshotOf = (table: string) => sql`(to_jsonb(t) || jsonb_build_object('_extra', ${extraSnapshot(table)}))`;

/** Users who signed in before any import are adopted by user name (never by email). */
async function adoptSignedInUsers(trx: Db, batchId: number): Promise<void> {
  await sql`
    update users u set sourced_id = s.sourced_id
    from ${stagedActive(batchId, 'users')} s
    where u.sourced_id is null and u.user_name = lower(s.data ->> 'username')
      and not exists (select 1 from users x where x.sourced_id = s.sourced_id)`.execute(trx);
}

async function writeTable(trx: Db, batchId: number, entity: ImportEntity, w: TableWriter): Promise<void> {
  const t = sql.table(w.table);
  const key = sql.ref(w.key);
  const rows = sql`(select * from ${stagedActive(batchId, entity)} s where ${w.rows ?? sql`true`})`;
  const isActive = w.isActive ?? sql`true`;
  const changed = sql`(t.import_hash is distinct from s.hash or not t.is_active)`;
  await sql`
    insert into import_changes (batch_id, entity, record_id, action, before)
    select ${batchId}, ${entity}, s.sourced_id, case when t.${key} is null then 'create' else 'update' end,
      case when t.${key} is null then null else ${snapshotOf(w.table)} end
    from ${rows} s left join ${t} t on t.${key} = s.sourced_id
    where t.${key} is null or ${changed}
    on conflict do nothing`.execute(trx);
  const columns = Object.keys(w.columns);
  const created = Object.keys(w.onCreate ?? {});
  const names = [w.key, ...columns, ...created, 'is_active', 'batch_id', 'import_hash'];
  const values = [sql`s.sourced_id`, ...Object.values(w.columns), ...Object.values(w.onCreate ?? {}), isActive, sql`${batchId}::integer`, sql`s.hash`];
  const updates = [...columns, 'is_active', 'batch_id', 'import_hash'].map((column) =>
    sql`${sql.ref(column)} = ${w.onUpdate?.[column] ?? sql`excluded.${sql.ref(column)}`}`);
  for (const [column, value] of Object.entries(w.onUpdate ?? {})) {
    if (!columns.includes(column)) updates.push(sql`${sql.ref(column)} = ${value}`);
  }
  await sql`
    insert into ${t} as t (${sql.join(names.map((name) => sql.ref(name)))})
    select ${sql.join(values)} from ${rows} s
    on conflict (${key}) do update set ${sql.join(updates)}
    where t.import_hash is distinct from excluded.import_hash or t.is_active is distinct from excluded.is_active`.execute(trx);
}

async function deactivate(trx: Db, batchId: number, entity: ImportEntity, modes: Modes, writers: readonly TableWriter[]): Promise<void> {
  const gone = deactivatedIds(batchId, entity, modes);
  for (const w of writers) {
    const key = sql.ref(w.key);
    await sql`
      insert into import_changes (batch_id, entity, record_id, action, before)
      select ${batchId}, ${entity}, t.${key}, 'deactivate', ${snapshotOf(w.table)}
      from ${sql.table(w.table)} t where t.${key} in ${gone} and t.is_active
      on conflict do nothing`.execute(trx);
  }
  const ids = await sql<{ record_id: string }>`
    select record_id from import_changes where batch_id = ${batchId} and entity = ${entity} and action = 'deactivate'`.execute(trx);
  const list = ids.rows.map((r) => r.record_id);
  if (list.length === 0) return;
  for (const w of writers) {
    await sql`update ${sql.table(w.table)} set is_active = false, batch_id = ${batchId}
      where ${sql.ref(w.key)} = any(${list}::text[]) and is_active`.execute(trx);
  }
}

/** Profiles and personal tutors of the users this batch wrote. */
async function writeProfiles(trx: Db, batchId: number): Promise<void> {
  const mine = sql`(select s.*, u.id as user_id from ${stagedActive(batchId, 'users')} s join users u on u.sourced_id = s.sourced_id where u.batch_id = ${batchId})`;
  await sql`
    insert into profiles (user_id, study_level, registration_status, programme, school, is_student_visa_holder)
    select s.user_id, (s.data ->> 'studyLevel')::integer, nullif(s.data ->> 'registrationStatus', ''), nullif(s.data ->> 'programme', ''),
      (select o.name from orgs o where o.sourced_id = s.data ->> 'primaryOrgSourcedId'),
      coalesce((s.data ->> 'isStudentVisaHolder')::boolean, false)
    from ${mine} s
    on conflict (user_id) do update set study_level = excluded.study_level, registration_status = excluded.registration_status,
      programme = excluded.programme, school = excluded.school, is_student_visa_holder = excluded.is_student_visa_holder`.execute(trx);
  await sql`
    delete from personal_tutors pt using ${mine} s
    where pt.student_user_id = s.user_id and s.data ->> 'personalTutorSourcedId' is null`.execute(trx);
  await sql`
    insert into personal_tutors (student_user_id, tutor_user_id, tutor_name, tutor_email)
    select s.user_id, tutor.id, null, null from ${mine} s join users tutor on tutor.sourced_id = s.data ->> 'personalTutorSourcedId'
    on conflict (student_user_id) do update set tutor_user_id = excluded.tutor_user_id, tutor_name = null, tutor_email = null`.execute(trx);
}

/** An event's own teachers (cover): exactly those its row names, for the events this batch wrote. */
async function writeEventTeachers(trx: Db, batchId: number): Promise<void> {
  const mine = sql`(select s.*, e.id as event_id from ${stagedActive(batchId, 'events')} s join timetable_events e on e.sourced_id = s.sourced_id where e.batch_id = ${batchId})`;
  await sql`delete from teaching_assignments ta using ${mine} s where ta.event_id = s.event_id and ta.sourced_id is null`.execute(trx);
  await sql`
    insert into teaching_assignments (lecturer_user_id, event_id)
    select distinct u.id, s.event_id from ${mine} s
    cross join lateral jsonb_array_elements_text(s.data -> 'teacherSourcedIds') as teacher(id)
    join users u on u.sourced_id = teacher.id
    on conflict do nothing`.execute(trx);
}

/**
 * The roles imports grant: Student for an active `student` role row, TeachingStaff for `teacher`,
 * for active users. Roles sign-in granted are left as they are; an import never grants Administrator.
 */
export async function syncImportedRoles(trx: Db): Promise<void> {
  const desired = sql`(
    select distinct pr.user_id, case pr.role when 'student' then 'Student' else 'TeachingStaff' end as role
    from person_roles pr join users u on u.id = pr.user_id
    where pr.is_active and u.is_active and pr.role in ('student', 'teacher'))`;
  await sql`
    insert into user_roles (user_id, role, via_sign_in, via_import)
    select user_id, role, false, true from ${desired} d
    on conflict (user_id, role) do update set via_import = true where not user_roles.via_import`.execute(trx);
  await sql`
    delete from user_roles r where r.via_import and not r.via_sign_in
      and not exists (select 1 from ${desired} d where d.user_id = r.user_id and d.role = r.role)`.execute(trx);
  await sql`
    update user_roles r set via_import = false where r.via_import and r.via_sign_in
      and not exists (select 1 from ${desired} d where d.user_id = r.user_id and d.role = r.role)`.execute(trx);
}

export async function applyStaged(trx: Db, batchId: number, modes: Modes, now: Date): Promise<void> {
  for (const entity of importEntityNames) {
    const mode = modes[entity];
    if (!mode || mode === 'absent') continue;
    const writers = writersFor(entity, batchId, now);
    if (entity === 'users') await adoptSignedInUsers(trx, batchId);
    if (entity === 'rooms') {
      await sql`
        insert into buildings (id, name, polygon)
        select distinct s.data ->> 'building', s.data ->> 'building', null::jsonb from ${stagedActive(batchId, 'rooms')} s
        where not exists (select 1 from buildings b where b.name = s.data ->> 'building')
        on conflict (id) do nothing`.execute(trx);
    }
    await deactivate(trx, batchId, entity, modes, writers);
    for (const w of writers) {
      await writeTable(trx, batchId, entity, w);
      // The next entities look records of this one up (a group's module, an enrolment's user): the
      // planner must know how many there now are, or a first import's lookups become scans.
      await sql`analyze ${sql.table(w.table)}`.execute(trx);
    }
    if (entity === 'users') await writeProfiles(trx, batchId);
    if (entity === 'events') await writeEventTeachers(trx, batchId);
  }
  await syncImportedRoles(trx);
}
