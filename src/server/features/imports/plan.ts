import { sql, type RawBuilder } from 'kysely';
import { importEntityNames, type ImportCounts, type ImportEntity, type ImportProblem } from '../../../shared/contract/adminImports.js';
import type { Db } from '../../db/database.js';
import type { Modes } from './checks.js';
import { entitySpecs } from './entities.js';
import { recordOf } from '../../../shared/records.js';

/**
 * The dry run: per entity, what applying the batch would create, update, deactivate or leave
 * alone, keyed by sourcedId against the records the import manages; and the guards' warnings.
 * The same SQL decides what `apply` deactivates, so the report and the outcome agree.
 */

const zero = { create: 0, update: 0, deactivate: 0, unchanged: 0 };

/** The staged active rows of an entity (the first of any repeated id). */
export function stagedActive(batchId: number, entity: ImportEntity): RawBuilder<unknown> {
  return sql`(select distinct on (sourced_id) sourced_id, line, data, hash from import_staged_rows
    where batch_id = ${batchId} and entity = ${entity} and status = 'active' order by sourced_id, line)`;
}

/**
 * SQL: the sourced ids of held, active records this batch deactivates. Bulk: whatever the file
 * omits (for events, only within the span of dates the file covers). Delta: rows marked `tobedeleted`.
 */
export function deactivatedIds(batchId: number, entity: ImportEntity, modes: Modes): RawBuilder<unknown> {
  const held = sql.raw(entitySpecs[entity].held);
  const mode = modes[entity];
  if (mode === 'delta') {
    return sql`(select h.sourced_id from ${held} h where h.is_active and exists (
      select 1 from import_staged_rows s where s.batch_id = ${batchId} and s.entity = ${entity} and s.status = 'tobedeleted' and s.sourced_id = h.sourced_id))`;
  }
  if (mode !== 'bulk') return sql`(select null::text as sourced_id where false)`;
  const omitted = sql`h.is_active and not exists (
    select 1 from import_staged_rows s where s.batch_id = ${batchId} and s.entity = ${entity} and s.sourced_id = h.sourced_id)`;
  if (entity !== 'events') return sql`(select h.sourced_id from ${held} h where ${omitted})`;
  const span = sql`(select min((data ->> 'start')::timestamptz) as first_start, max((data ->> 'end')::timestamptz) as last_end
    from import_staged_rows where batch_id = ${batchId} and entity = 'events')`;
  return sql`(select h.sourced_id from ${held} h, ${span} span, timetable_events e
    where e.sourced_id = h.sourced_id and ${omitted}
      and e.starts_at >= span.first_start and e.starts_at + make_interval(mins => e.duration_minutes) <= span.last_end)`;
}

interface Tally {
  readonly create: number;
  readonly update: number;
  readonly unchanged: number;
  readonly staged: number;
  readonly deactivate: number;
  readonly heldActive: number;
}

async function tally(db: Db, batchId: number, entity: ImportEntity, modes: Modes): Promise<Tally> {
  const held = sql.raw(entitySpecs[entity].held);
  const { rows } = await sql<Record<keyof Tally, string>>`
    select
      count(*) filter (where h.sourced_id is null) as create,
      count(*) filter (where h.sourced_id is not null and (h.import_hash is distinct from s.hash or not h.is_active)) as update,
      count(*) filter (where h.sourced_id is not null and h.import_hash = s.hash and h.is_active) as unchanged,
      (select count(*) from import_staged_rows where batch_id = ${batchId} and entity = ${entity}) as staged,
      (select count(*) from ${deactivatedIds(batchId, entity, modes)} d) as deactivate,
      (select count(*) from ${held} a where a.is_active) as "heldActive"
    from ${stagedActive(batchId, entity)} s left join ${held} h on h.sourced_id = s.sourced_id`.execute(db);
  const row = rows[0];
  return {
    create: Number(row?.create ?? 0), update: Number(row?.update ?? 0), unchanged: Number(row?.unchanged ?? 0),
    staged: Number(row?.staged ?? 0), deactivate: Number(row?.deactivate ?? 0), heldActive: Number(row?.heldActive ?? 0),
  };
}

/** Of the records a bulk file drops, how many come back under a new id with the same name or code. */
async function reappearing(db: Db, batchId: number, entity: ImportEntity, modes: Modes): Promise<number> {
  const key = entitySpecs[entity].naturalKey;
  if (!key) return 0;
  const tables: Partial<Record<ImportEntity, string>> = { courses: 'modules', classes: 'teaching_groups', users: 'users', rooms: 'rooms', absenceCategories: 'absence_categories' };
  const table = tables[entity];
  const idColumn = entity === 'rooms' ? 'id' : 'sourced_id';
  if (!table) return 0;
  const { rows } = await sql<{ n: string }>`
    select count(*) as n from ${sql.table(table)} g
    where g.${sql.ref(idColumn)} in ${deactivatedIds(batchId, entity, modes)}
      and exists (
        select 1 from ${stagedActive(batchId, entity)} s
        where lower(s.data ->> ${key.field}) = lower(g.${sql.ref(key.heldColumn)}::text)
          and not exists (select 1 from ${sql.raw(entitySpecs[entity].held)} h where h.sourced_id = s.sourced_id))`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

const percent = (part: number, whole: number): string => `${Math.round((part * 100) / whole)}%`;
const n = (value: number): string => value.toLocaleString('en-GB');

export interface Plan {
  readonly counts: ImportCounts;
  readonly warnings: ImportProblem[];
}

export async function planBatch(db: Db, batchId: number, modes: Modes, thresholdPercent: number): Promise<Plan> {
  const counts: ImportCounts = recordOf(importEntityNames, () => ({ ...zero }));
  const warnings: ImportProblem[] = [];
  for (const entity of importEntityNames) {
    const mode = modes[entity];
    if (!mode || mode === 'absent') continue;
    const t = await tally(db, batchId, entity, modes);
    counts[entity] = { create: t.create, update: t.update, deactivate: t.deactivate, unchanged: t.unchanged };
    const file = entitySpecs[entity].file;
    if (mode !== 'bulk') continue;
    if (t.staged === 0 && t.heldActive > 0) {
      warnings.push({ file, line: null, column: null, code: 'empty_bulk_file',
        message: `${file} is sent whole (bulk) but has no rows: applying it would deactivate all ${n(t.heldActive)} active records of its kind.` });
    } else if (t.heldActive > 0 && t.deactivate * 100 > thresholdPercent * t.heldActive) {
      warnings.push({ file, line: null, column: null, code: 'deactivation_threshold',
        message: `${file} would deactivate ${n(t.deactivate)} of ${n(t.heldActive)} active records (${percent(t.deactivate, t.heldActive)}), over the ${thresholdPercent}% threshold: probably an incomplete export.` });
    }
    const back = t.deactivate >= 5 ? await reappearing(db, batchId, entity, modes) : 0;
    if (back * 2 >= t.deactivate && back > 0) {
      warnings.push({ file, line: null, column: null, code: 'id_change',
        message: `${file} looks like an id change: ${n(back)} of the ${n(t.deactivate)} records it drops come back under new ids with the same names or codes. Their history would not follow them.` });
    }
  }
  return { counts, warnings };
}
