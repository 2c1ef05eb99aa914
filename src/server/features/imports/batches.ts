import { sql } from 'kysely';
import {
  importEntityNames, type ImportCounts, type ImportProblem, type ImportReport, type ImportState, type ImportSummary,
} from '../../../shared/contract/adminImports.js';
import type { Db } from '../../db/database.js';
import type { ImportSeverity } from '../../db/schema.imports.js';
import { londonIso } from '../timetable/londonTime.js';
import { recordOf } from '../../../shared/records.js';

/** Import batches as the history and the report show them, and their problems. */

/** Problems a report lists of each severity; the rest are counted. */
export const REPORT_PROBLEMS = 1000;

const zero = { create: 0, update: 0, deactivate: 0, unchanged: 0 };

export function fullCounts(counts: Partial<ImportCounts>): ImportCounts {
  return recordOf(importEntityNames, (e) => counts[e] ?? { ...zero });
}

const summaryColumns = [
  'b.id', 'b.state', 'b.created_at', 'b.file_name', 'b.source_system_name', 'b.counts', 'u.display_name', 'c.name as client_name',
] as const;

interface SummaryRow {
  id: number;
  state: ImportState;
  created_at: Date;
  file_name: string;
  source_system_name: string | null;
  counts: Partial<ImportCounts>;
  display_name: string | null;
  client_name: string | null;
}

function summaryOf(row: SummaryRow): ImportSummary {
  return {
    rowId: row.id, state: row.state, createdAt: londonIso(row.created_at), createdBy: row.display_name, pushedBy: row.client_name,
    fileName: row.file_name, source: row.source_system_name, counts: fullCounts(row.counts),
  };
}

/** Batches with who uploaded them: an administrator or an integration client. */
const batchesWithAuthors = (db: Db) => db
  .selectFrom('import_batches as b')
  .leftJoin('users as u', 'u.id', 'b.created_by_user_id')
  .leftJoin('integration_clients as c', 'c.id', 'b.created_by_client_id');

export async function listBatches(db: Db, limit = 200): Promise<ImportSummary[]> {
  const rows = await batchesWithAuthors(db)
    .select(summaryColumns)
    .orderBy('b.created_at', 'desc')
    .orderBy('b.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(summaryOf);
}

export async function loadSummary(db: Db, batchId: number): Promise<ImportSummary | undefined> {
  const row = await batchesWithAuthors(db)
    .select(summaryColumns)
    .where('b.id', '=', batchId)
    .executeTakeFirst();
  return row && summaryOf(row);
}

export async function problemsOf(db: Db, batchId: number, severity: ImportSeverity, limit = REPORT_PROBLEMS): Promise<ImportProblem[]> {
  const rows = await db
    .selectFrom('import_problems')
    .select(['file', 'line', 'column_name', 'code', 'message'])
    .where('batch_id', '=', batchId)
    .where('severity', '=', severity)
    .orderBy('seq')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ file: r.file, line: r.line, column: r.column_name, code: r.code, message: r.message }));
}

/** Every problem, errors first, for the CSV download. */
export async function allProblems(db: Db, batchId: number): Promise<(ImportProblem & { severity: ImportSeverity })[]> {
  const rows = await db
    .selectFrom('import_problems')
    .select(['severity', 'file', 'line', 'column_name', 'code', 'message'])
    .where('batch_id', '=', batchId)
    .orderBy(sql`severity = 'warning'`)
    .orderBy('seq')
    .execute();
  return rows.map((r) => ({ severity: r.severity, file: r.file, line: r.line, column: r.column_name, code: r.code, message: r.message }));
}

export async function loadReport(db: Db, batchId: number, isRevertable: (batchId: number) => Promise<boolean>): Promise<ImportReport | undefined> {
  const summary = await loadSummary(db, batchId);
  if (!summary) return undefined;
  const extra = await db
    .selectFrom('import_batches')
    .select(['deactivation_threshold_percent', 'more_errors', 'more_warnings', 'applied_at', 'reverted_at'])
    .where('id', '=', batchId)
    .executeTakeFirstOrThrow();
  return {
    ...summary,
    deactivationThresholdPercent: extra.deactivation_threshold_percent,
    errors: await problemsOf(db, batchId, 'error'),
    warnings: await problemsOf(db, batchId, 'warning'),
    moreErrors: extra.more_errors,
    moreWarnings: extra.more_warnings,
    appliedAt: extra.applied_at ? londonIso(extra.applied_at) : null,
    revertedAt: extra.reverted_at ? londonIso(extra.reverted_at) : null,
    isRevertable: summary.state === 'applied' && (await isRevertable(batchId)),
  };
}

/** Replaces the batch's problems: the first REPORT_PROBLEMS of each severity, counting the rest. */
export async function saveProblems(
  db: Db, batchId: number,
  problems: { errors: readonly ImportProblem[]; warnings: readonly ImportProblem[]; moreErrors: number; moreWarnings: number },
): Promise<void> {
  await db.deleteFrom('import_problems').where('batch_id', '=', batchId).execute();
  const kept = [
    ...problems.errors.slice(0, REPORT_PROBLEMS).map((p) => ({ ...p, severity: 'error' as const })),
    ...problems.warnings.slice(0, REPORT_PROBLEMS).map((p) => ({ ...p, severity: 'warning' as const })),
  ];
  for (let start = 0; start < kept.length; start += 500) {
    await db.insertInto('import_problems').values(kept.slice(start, start + 500).map((p, i) => ({
      batch_id: batchId, seq: start + i, severity: p.severity, file: p.file, line: p.line, column_name: p.column, code: p.code, message: p.message,
    }))).execute();
  }
  await db.updateTable('import_batches').set({
    more_errors: problems.moreErrors + Math.max(0, problems.errors.length - REPORT_PROBLEMS),
    more_warnings: problems.moreWarnings + Math.max(0, problems.warnings.length - REPORT_PROBLEMS),
  }).where('id', '=', batchId).execute();
}
