import {
  importEntityNames, type ImportCounts, type ImportProblem, type ImportReport,
} from '../../../../../src/shared/contract/adminImports';

const zero = { create: 0, update: 0, deactivate: 0, unchanged: 0 };

/** Counts with every entity at zero, except those given. */
export function countsOf(some: Partial<ImportCounts> = {}): ImportCounts {
  return Object.fromEntries(importEntityNames.map((entity) => [entity, some[entity] ?? { ...zero }])) as ImportCounts;
}

export const problem = (file: string, line: number | null, code: string, message: string, column: string | null = null): ImportProblem =>
  ({ file, line, column, code, message });

/** A batch's report: ready, nothing in it, unless told otherwise. */
export function makeReport(overrides: Partial<ImportReport> = {}): ImportReport {
  return {
    rowId: 7, state: 'ready', createdAt: '2026-10-05T09:00:00+01:00', createdBy: 'Ada Admin', pushedBy: null, fileName: 'bundle.zip', source: 'Test SIS',
    counts: countsOf(), deactivationThresholdPercent: 10, errors: [], warnings: [], moreErrors: 0, moreWarnings: 0,
    appliedAt: null, revertedAt: null, isRevertable: false,
    ...overrides,
  };
}
