import { sql } from 'kysely';
import { importEntityNames, type FileMode, type ImportEntity, type ImportProblem } from '../../../shared/contract/adminImports.js';
import type { Db } from '../../db/database.js';
import { entitySpecs, type Reference } from './entities.js';

/**
 * The checks that need the whole bundle or what is already held, run as set-based SQL over the
 * staged rows once the reader is done: duplicate ids, references, each group's academic year,
 * user names, and the guards of IMPORT-FORMAT.md ("Validation"). At most `limit` problems of a kind.
 */

export type Modes = Readonly<Partial<Record<ImportEntity, FileMode>>>;

const LIMIT = 1000;

function problem(entity: ImportEntity, line: number | null, column: string | null, code: string, message: string): ImportProblem {
  return { file: entitySpecs[entity].file, line, column, code, message };
}

async function duplicates(db: Db, batchId: number): Promise<ImportProblem[]> {
  const { rows } = await sql<{ entity: ImportEntity; sourced_id: string; line: number; first_line: number }>`
    select entity, sourced_id, line, first_line from (
      select entity, sourced_id, line, min(line) over (partition by entity, sourced_id) as first_line
      from import_staged_rows where batch_id = ${batchId}
    ) s where line > first_line
    order by entity, line limit ${LIMIT}`.execute(db);
  return rows.map((r) => problem(r.entity, r.line, 'sourcedId', 'duplicate_id',
    `${entitySpecs[r.entity].file}:${r.line} sourcedId "${r.sourced_id}" is already on line ${r.first_line}.`));
}

/**
 * A reference resolves to an active row of the bundle, or to a record already held, unless the
 * target's file is sent whole (bulk): then only the bundle counts, since what it omits is deactivated.
 */
async function unresolved(db: Db, batchId: number, entity: ImportEntity, ref: Reference, modes: Modes): Promise<ImportProblem[]> {
  const values = ref.isList
    ? sql`jsonb_array_elements_text(coalesce(s.data -> ${ref.field}, '[]'::jsonb))`
    : sql`(select s.data ->> ${ref.field} where s.data ->> ${ref.field} is not null)`;
  const target = entitySpecs[ref.target];
  const heldToo = modes[ref.target] === 'bulk' ? sql`false` : sql`exists (select 1 from ${sql.raw(target.held)} h where h.sourced_id = v.ref and h.is_active)`;
  // Records made before imports (the demo, a room added by hand) are held too, by their own key.
  const legacy = ref.target === 'rooms' ? sql`or exists (select 1 from rooms r where r.id = v.ref and r.is_active)` : sql``;
  const { rows } = await sql<{ line: number; ref: string }>`
    select s.line, v.ref
    from import_staged_rows s, lateral ${values} as v(ref)
    where s.batch_id = ${batchId} and s.entity = ${entity} and s.status = 'active'
      and not exists (
        select 1 from import_staged_rows t
        where t.batch_id = ${batchId} and t.entity = ${ref.target} and t.sourced_id = v.ref and t.status = 'active')
      and not (${heldToo} ${legacy})
    order by s.line limit ${LIMIT}`.execute(db);
  const spec = entitySpecs[entity];
  return rows.map((r) => problem(entity, r.line, ref.field, 'unknown_reference',
    `${spec.file}:${r.line} ${ref.field} "${r.ref}" is in no ${target.file} file and not held.`));
}

/** A group's enrolments are in an academic year: its first term's school year, else its course's. */
async function groupsWithoutYear(db: Db, batchId: number): Promise<ImportProblem[]> {
  const { rows } = await sql<{ line: number }>`
    select s.line from import_staged_rows s
    where s.batch_id = ${batchId} and s.entity = 'classes' and s.status = 'active'
      and ${schoolYearOfStagedClass(batchId)} is null
    order by s.line limit ${LIMIT}`.execute(db);
  return rows.map((r) => problem('classes', r.line, 'termSourcedIds', 'no_academic_year',
    `classes.csv:${r.line} has no term with a school year and its course names no school year, so its academic year is unknown.`));
}

/**
 * SQL: the start date of the school year of the staged class `s`, looked up in the bundle first and
 * then among held sessions (a delta bundle may send classes alone).
 */
export function schoolYearOfStagedClass(batchId: number) {
  const session = (id: ReturnType<typeof sql>) => sql`
    coalesce(
      (select jsonb_build_object('type', t.data ->> 'type', 'start', t.data ->> 'startDate', 'parent', t.data ->> 'parentSourcedId')
         from import_staged_rows t where t.batch_id = ${batchId} and t.entity = 'academicSessions' and t.sourced_id = ${id} and t.status = 'active' limit 1),
      (select jsonb_build_object('type', a.session_type, 'start', a.start_date::text, 'parent', a.parent_sourced_id)
         from academic_sessions a where a.sourced_id = ${id} and a.is_active))`;
  const firstTerm = sql`(s.data -> 'termSourcedIds' ->> 0)`;
  const course = sql`(select c.data ->> 'schoolYearSourcedId' from import_staged_rows c
    where c.batch_id = ${batchId} and c.entity = 'courses' and c.sourced_id = s.data ->> 'courseSourcedId' limit 1)`;
  const heldCourse = sql`(select m.school_year_sourced_id from modules m where m.sourced_id = s.data ->> 'courseSourcedId')`;
  const yearStart = (candidate: ReturnType<typeof sql>) => sql`
    (select case when x ->> 'type' = 'schoolYear' then x ->> 'start'
                 else (${session(sql`x ->> 'parent'`)}) ->> 'start' end
     from (select ${session(candidate)} as x) q where x is not null)`;
  return sql<string | null>`coalesce(${yearStart(firstTerm)}, ${yearStart(sql`coalesce(${course}, ${heldCourse})`)})`;
}

/**
 * A user name is one person's: two rows of the bundle (a window over the staged rows, so the check
 * stays linear), or a row and a held user with another id who is not in this bundle.
 */
async function userNameClashes(db: Db, batchId: number): Promise<ImportProblem[]> {
  const { rows } = await sql<{ line: number; username: string; other: string }>`
    select line, username, other from (
      select s.line, s.data ->> 'username' as username, s.sourced_id,
        first_value(s.sourced_id) over (partition by lower(s.data ->> 'username') order by s.line) as other
      from import_staged_rows s
      where s.batch_id = ${batchId} and s.entity = 'users' and s.status = 'active'
    ) x where x.sourced_id <> x.other
    union all
    select s.line, s.data ->> 'username', u.sourced_id
    from import_staged_rows s
    join users u on u.user_name = lower(s.data ->> 'username') and u.sourced_id is not null and u.sourced_id <> s.sourced_id
    where s.batch_id = ${batchId} and s.entity = 'users' and s.status = 'active'
      and not exists (select 1 from import_staged_rows r where r.batch_id = s.batch_id and r.entity = 'users' and r.sourced_id = u.sourced_id)
    order by line limit ${LIMIT}`.execute(db);
  return rows.map((r) => problem('users', r.line, 'username', 'username_taken',
    `users.csv:${r.line} username "${r.username}" already belongs to the user with sourcedId "${r.other}".`));
}

/** One person is enrolled in one group once per role. */
async function repeatedEnrolments(db: Db, batchId: number): Promise<ImportProblem[]> {
  const { rows } = await sql<{ line: number; first_line: number }>`
    select line, first_line from (
      select line, min(line) over (partition by data ->> 'classSourcedId', data ->> 'userSourcedId', data ->> 'role') as first_line
      from import_staged_rows where batch_id = ${batchId} and entity = 'enrollments' and status = 'active'
    ) s where line > first_line order by line limit ${LIMIT}`.execute(db);
  return rows.map((r) => problem('enrollments', r.line, 'userSourcedId', 'duplicate_enrollment',
    `enrollments.csv:${r.line} enrols the same person in the same class with the same role as line ${r.first_line}.`));
}

export async function bundleErrors(db: Db, batchId: number, modes: Modes): Promise<ImportProblem[]> {
  const found: ImportProblem[] = [...await duplicates(db, batchId)];
  for (const entity of importEntityNames) {
    if (!modes[entity] || modes[entity] === 'absent') continue;
    for (const ref of entitySpecs[entity].references) found.push(...await unresolved(db, batchId, entity, ref, modes));
  }
  found.push(...await groupsWithoutYear(db, batchId), ...await userNameClashes(db, batchId), ...await repeatedEnrolments(db, batchId));
  return found;
}
