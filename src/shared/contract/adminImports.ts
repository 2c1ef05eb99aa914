import { z } from './zod';
import { rowId, rowIdParams, text, textLimits } from './common';
import { defineRoute, raw } from './route';
import { recordOf } from '../records';

/**
 * Data import (issue 30): a university's OneRoster 1.2 bundle plus timetable extension files
 * (`IMPORT-FORMAT.md`). An upload is validated as a job (a dry run), then applied or thrown away;
 * an applied batch can be reverted.
 */

/** The multipart field holding the zip. */
export const importBundleField = 'bundle';
/** A bulk file may deactivate at most this share of an entity's active records without a warning. */
export const defaultDeactivationThresholdPercent = 10;

/** The entities of a bundle, in the order they are applied (references point backwards). */
export const importEntityNames = [
  'academicSessions', 'orgs', 'courses', 'classes', 'users', 'roles', 'enrollments', 'rooms', 'events', 'absenceCategories',
] as const;
export type ImportEntity = (typeof importEntityNames)[number];

/** How a bundle's manifest says a file is sent: the whole set, changes only, or not at all. */
export const importFileModes = ['bulk', 'delta', 'absent'] as const;
export type FileMode = (typeof importFileModes)[number];

export const importStates = ['validating', 'ready', 'invalid', 'applying', 'applied', 'failed', 'reverting', 'reverted'] as const;
export type ImportState = (typeof importStates)[number];

/** One problem found in a bundle: where (file, line, column) and what (a stable code and a sentence). */
export const importProblemSchema = z.object({
  file: z.string(),
  /** The file's line (the header is line 1); null for a problem of the whole file or bundle. */
  line: z.nullable(z.int()),
  column: z.nullable(z.string()),
  code: z.string(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

const count = z.int().check(z.nonnegative());
export const importEntityCountsSchema = z.object({ create: count, update: count, deactivate: count, unchanged: count });
export type ImportEntityCounts = z.infer<typeof importEntityCountsSchema>;

/** Per entity, what applying the batch does (or did). An entity the bundle leaves out counts zeros. */
export const importCountsSchema = z.object(
  recordOf(importEntityNames, () => importEntityCountsSchema),
);
export type ImportCounts = z.infer<typeof importCountsSchema>;

/** One batch as the history lists it. */
export const importSummarySchema = z.object({
  rowId,
  state: z.enum(importStates),
  createdAt: z.iso.datetime({ offset: true }),
  /** The administrator who uploaded it (display name); null for a bundle the server imported itself (the demo). */
  createdBy: z.nullable(z.string()),
  /** The integration client that pushed it (issue 36), by name; null for an upload or the demo. */
  pushedBy: z.nullable(z.string()),
  fileName: z.string(),
  /** The manifest's `source.systemName`; null when it names none or could not be read. */
  source: z.nullable(z.string()),
  counts: importCountsSchema,
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

export const importListSchema = z.object({ items: z.array(importSummarySchema) });
export type ImportList = z.infer<typeof importListSchema>;

/** The dry-run report, and later what was applied. */
export const importReportSchema = z.object({
  ...importSummarySchema.shape,
  deactivationThresholdPercent: z.int().check(z.gte(0), z.lte(100)),
  /** Nothing is applied while any error stands. */
  errors: z.array(importProblemSchema),
  /** Applying needs `acceptWarnings: true` while any stands. */
  warnings: z.array(importProblemSchema),
  /** Errors and warnings beyond those listed (the report keeps the first 1,000 of each). */
  moreErrors: count,
  moreWarnings: count,
  appliedAt: z.nullable(z.iso.datetime({ offset: true })),
  revertedAt: z.nullable(z.iso.datetime({ offset: true })),
  /** Applied, and no later applied batch changed the same records. */
  isRevertable: z.boolean(),
});
export type ImportReport = z.infer<typeof importReportSchema>;

const percentField = z.pipe(
  text(3),
  z.pipe(z.transform((value: string) => (/^(?:100|[1-9]?[0-9])$/.test(value) ? Number(value) : Number.NaN)),
    z.int('Enter a whole percentage from 0 to 100').check(z.gte(0), z.lte(100))),
);

/** Text fields beside the zip. */
export const importUploadFormSchema = z.object({
  /** Overrides the deactivation threshold for this import only. */
  deactivationThresholdPercent: z.optional(percentField),
});

export const importUploadRoute = defineRoute({
  id: 'admin.importUpload',
  method: 'POST',
  path: '/api/admin/imports',
  multipart: importUploadFormSchema,
  response: importSummarySchema,
  roles: ['Administrator'],
  invalidates: [],
});

export const importListRoute = defineRoute({
  id: 'admin.importList',
  method: 'GET',
  path: '/api/admin/imports',
  response: importListSchema,
  roles: ['Administrator'],
});

export const importGetRoute = defineRoute({
  id: 'admin.importGet',
  method: 'GET',
  path: '/api/admin/imports/:rowId',
  params: rowIdParams,
  ownedParams: { rowId: null },
  response: importReportSchema,
  roles: ['Administrator'],
});

/** Every error and warning of a batch as CSV: severity, file, line, column, code, message. */
export const importProblemsCsvRoute = defineRoute({
  id: 'admin.importProblemsCsv',
  method: 'GET',
  path: '/api/admin/imports/:rowId/errors.csv',
  params: rowIdParams,
  ownedParams: { rowId: null },
  response: raw.file,
  roles: ['Administrator'],
});

export const importApplyBodySchema = z.object({ acceptWarnings: z.boolean() });

export const importApplyRoute = defineRoute({
  id: 'admin.importApply',
  method: 'POST',
  path: '/api/admin/imports/:rowId/apply',
  params: rowIdParams,
  ownedParams: { rowId: null },
  body: importApplyBodySchema,
  response: importSummarySchema,
  roles: ['Administrator'],
});

export const importRevertRoute = defineRoute({
  id: 'admin.importRevert',
  method: 'POST',
  path: '/api/admin/imports/:rowId/revert',
  params: rowIdParams,
  ownedParams: { rowId: null },
  response: importSummarySchema,
  roles: ['Administrator'],
});

/** Longest `fileName` kept for a batch. */
export const importFileNameMax = textLimits.short;

export const adminImportRoutes = [
  importUploadRoute, importListRoute, importGetRoute, importProblemsCsvRoute, importApplyRoute, importRevertRoute,
] as const;
