import type { Entry } from 'yauzl';
import type { z } from 'zod';
import { importEntityNames, type ImportEntity, type ImportProblem } from '../../../../shared/contract/adminImports.js';
import { csvRecords, type CsvRecord } from './csvRows.js';
import { problemCodeOf } from './cells.js';
import { headerIndex } from './header.js';
import { findFile, locateBundle } from './layout.js';
import { resolveBundleLimits, type BundleLimits } from './limits.js';
import { manifestFileName, readManifest } from './manifest.js';
import { placeOf, problem, ProblemLog, ProblemStop } from './problems.js';
import { deltaColumns, entitySpecs, type DataMode } from './rowSchemas.js';
import type { BundleReadResult, LinedRow, Manifest, RowSink } from './rows.js';
import { crlfToLf, inflationGuard, utf8Guard } from './textStreams.js';
import { openBundleZip, type ZipBundle } from './zipEntries.js';
import { recordOf } from '../../../../shared/records.js';

export { defaultBundleLimits, type BundleLimits } from './limits.js';
export { importProblemCodes, type ImportProblemCode } from './problems.js';

/**
 * Reads an import bundle (IMPORT-FORMAT.md) from a zip file in one streaming pass: vets the zip,
 * reads manifest.csv, then each file the manifest lists as bulk or delta, in `importEntityNames`
 * order, checking every row and handing the good ones to `sink` in batches. Nothing is held
 * whole in memory: at most one batch of rows and the capped problem lists.
 *
 * What stops what:
 * - an unsafe or unreadable zip (and a bomb found while inflating) stops everything; no further
 *   rows reach the sink;
 * - a missing or unreadable manifest, or a version it does not know, means no data file is read;
 * - a file's missing column, broken quoting or bad UTF-8 stops that file; the others are read;
 * - a bad row is reported (one problem per bad column) and left out; the rows after it are read.
 *
 * References between files, duplicate ids and the deactivation guards are not checked here.
 */
export async function readBundle(zipPath: string, sink: RowSink, limits: Partial<BundleLimits> = {}): Promise<BundleReadResult> {
  const settled = resolveBundleLimits(limits);
  const log = new ProblemLog(settled.maxProblems);
  const rowCounts = recordOf(importEntityNames, () => 0);
  const read: { manifest: Manifest | null } = { manifest: null };

  const zip = await openBundleZip(zipPath, settled, log);
  if (zip !== null) {
    try {
      await readFiles(zip, sink, settled, log, rowCounts, read);
    } catch (err) {
      if (!(err instanceof ProblemStop)) throw err;
      log.error(err.problem);
    } finally {
      zip.close();
    }
  }
  return { manifest: read.manifest, errors: log.errors, warnings: log.warnings, moreErrors: log.moreErrors, moreWarnings: log.moreWarnings, rowCounts };
}

/**
 * The manifest (kept in `read` as soon as it is known) and then the data files; a bundle-wide
 * ProblemStop escapes to readBundle.
 */
async function readFiles(
  zip: ZipBundle,
  sink: RowSink,
  limits: BundleLimits,
  log: ProblemLog,
  rowCounts: Record<ImportEntity, number>,
  read: { manifest: Manifest | null },
): Promise<void> {
  const layout = locateBundle(zip.files, zip.zipName, log);
  if (layout === null) return;
  const manifestEntry = findFile(zip.files, layout, manifestFileName);
  if (!('fileName' in manifestEntry)) return;

  let reading;
  try {
    reading = await readManifest(await entryRecords(zip, manifestEntry, manifestFileName, limits), log);
  } catch (err) {
    if (!(err instanceof ProblemStop) || err.scope !== 'file') throw err;
    log.error(err.problem);
    return;
  }
  read.manifest = reading?.manifest ?? null;
  if (reading === null || !reading.versionsOk) return;

  for (const entity of importEntityNames) {
    const mode = reading.manifest.modes[entity];
    if (mode === 'absent') continue;
    const fileName = entitySpecs[entity].fileName;
    const entry = findFile(zip.files, layout, fileName);
    if (!('fileName' in entry)) {
      const hint = entry.nearMiss === null ? '' : ` (the zip has ${entry.nearMiss}; names are case-sensitive)`;
      log.error(problem('missing_file', { file: manifestFileName },
        `${manifestFileName}: ${entitySpecs[entity].manifestKey}=${mode} but ${fileName} is missing${hint}`));
      continue;
    }
    try {
      await readEntityFile(entity, mode, await entryRecords(zip, entry, fileName, limits), sink, limits, log, rowCounts);
    } catch (err) {
      if (!(err instanceof ProblemStop) || err.scope !== 'file') throw err;
      log.error(err.problem);
    }
  }
}

async function entryRecords(zip: ZipBundle, entry: Entry, fileName: string, limits: BundleLimits): Promise<AsyncGenerator<CsvRecord, void, undefined>> {
  const source = await zip.openEntry(entry);
  return csvRecords(source, [inflationGuard(entry.fileName, entry.compressedSize, limits), utf8Guard(fileName), crlfToLf()], fileName);
}

/** One problem per bad column of a row that failed its schema. */
function rowProblems(issues: readonly z.core.$ZodIssue[], file: string, line: number): ImportProblem[] {
  const byColumn = new Map<string, ImportProblem>();
  for (const issue of issues) {
    const column = String(issue.path[0] ?? '');
    if (byColumn.has(column)) continue;
    const code = problemCodeOf(issue);
    byColumn.set(column, problem(code, { file, line, column: column || null }, `${placeOf(file, line)} ${column}: ${issue.message}`));
  }
  return [...byColumn.values()];
}

async function readEntityFile<E extends ImportEntity>(
  entity: E,
  mode: DataMode,
  records: AsyncGenerator<CsvRecord, void, undefined>,
  sink: RowSink,
  limits: BundleLimits,
  log: ProblemLog,
  rowCounts: Record<ImportEntity, number>,
): Promise<void> {
  const spec = entitySpecs[entity];
  const file = spec.fileName;
  const schema = spec.schema(mode);
  const required = mode === 'delta' ? [...spec.requiredColumns, ...deltaColumns] : spec.requiredColumns;
  let header: { readonly width: number; readonly positions: readonly (readonly [string, number | undefined])[] } | null = null;
  let batch: LinedRow<E>[] = [];
  try {
    for await (const record of records) {
      if (header === null) {
        const index = headerIndex(record.fields, spec.columns, required, file, log);
        if (index === null) return;
        header = { width: record.fields.length, positions: spec.columns.map((column) => [column, index.get(column)] as const) };
        continue;
      }
      rowCounts[entity] += 1;
      if (record.fields.length !== header.width) {
        log.error(problem('wrong_field_count', { file, line: record.line },
          `${placeOf(file, record.line)} has ${record.fields.length} fields but the header has ${header.width}`));
        continue;
      }
      const cells: Record<string, string> = {};
      for (const [column, at] of header.positions) cells[column] = at === undefined ? '' : (record.fields[at] ?? '');
      const parsed = schema.safeParse(cells);
      if (!parsed.success) {
        for (const found of rowProblems(parsed.error.issues, file, record.line)) log.error(found);
        continue;
      }
      batch.push({ line: record.line, row: parsed.data });
      if (batch.length >= limits.batchSize) {
        const full = batch;
        batch = [];
        await sink(entity, full);
      }
    }
  } catch (err) {
    // A file-ending problem: the rows checked before it still go to the sink, as with any file.
    if (err instanceof ProblemStop && err.scope === 'file' && batch.length > 0) await sink(entity, batch);
    throw err;
  }
  if (header === null) {
    log.error(problem('empty_file', { file }, `${file} is empty: it has no header row`));
    return;
  }
  if (batch.length > 0) await sink(entity, batch);
}
