import { z } from 'zod/mini';
import { absenceUpdateFieldsSchema } from '../../../shared/contract/absences.js';
import type { AbsenceCategory } from '../../../shared/contract/absences.js';
import { isStorableText, parseRowId, repeatedField, rowIdParam, unstorableTextMessage } from '../../../shared/contract/common.js';
import {
  absenceErrorKeys, splitLocalDateTime, validateAbsence, type AbsenceDateLimits, type AbsenceDraft, type AbsenceFieldErrors,
} from '../../../shared/rules/absences/index.js';

const shape = absenceUpdateFieldsSchema.shape;

/** The text fields after validation: local (London wall-clock) date-times 'YYYY-MM-DDTHH:mm:ss'. */
export interface AbsenceFields {
  readonly rowId: number | undefined;
  readonly categoryRowId: number;
  readonly start: string;
  readonly end: string;
  /** Trimmed; null when blank. */
  readonly description: string | null;
  readonly filesToDelete: number[];
}

export interface FieldCheck {
  readonly mode: 'create' | 'edit';
  readonly categories: readonly AbsenceCategory[];
  readonly limits: AbsenceDateLimits;
  /** Existing files kept plus new files. */
  readonly evidenceCount: (filesToDelete: readonly number[]) => number;
}

/** The first value of a field sent once or repeated; '' when absent. */
export const first = (value: string | string[] | undefined): string => (Array.isArray(value) ? (value[0] ?? '') : (value ?? ''));
const single = (value: string | string[] | undefined): string => first(value).trim();

function add(errors: AbsenceFieldErrors, key: string, message: string): void {
  (errors[key] ??= []).push(message);
}

/** A value of the contract's format, or undefined with its error filed under `key` (blank: no error, the rules speak). */
function parseWith<T extends z.core.$ZodType>(schema: T, raw: string, key: string, errors: AbsenceFieldErrors): z.output<T> | undefined {
  if (raw === '') return undefined;
  const result = z.safeParse(schema, raw);
  if (result.success) return result.data;
  for (const issue of result.error.issues) add(errors, key, issue.message);
  return undefined;
}

/**
 * Validates the form's text fields: the contract's formats, then every SPEC §5 rule through the
 * shared `validateAbsence` (same messages as the dialog), with the server's truths: the category
 * must exist (and be active), the limits are today's, and evidence counts kept existing files.
 * StudentId is ignored: the request always belongs to the session user.
 */
export function checkAbsenceFields(
  fields: Record<string, string | string[]>,
  check: FieldCheck,
): { value: AbsenceFields | undefined; errors: AbsenceFieldErrors } {
  const errors: AbsenceFieldErrors = {};
  // Row ids are taken as sent: the contract accepts only canonical digits (' 31' is not 31).
  const rowId = check.mode === 'edit' ? parseWith(shape.RowId, first(fields.RowId), 'RowId', errors) : undefined;
  if (check.mode === 'edit' && single(fields.RowId) === '') add(errors, 'RowId', 'RowId is required');
  const start = parseWith(shape.AbsenceStart, single(fields.AbsenceStart), 'AbsenceStart', errors);
  const end = parseWith(shape.AbsenceEnd, single(fields.AbsenceEnd), 'AbsenceEnd', errors);
  const categoryRaw = first(fields.AbsenceCategoryRowId);
  const categoryRowId = categoryRaw === '' ? undefined : parseRowId(categoryRaw);
  const deleted = z.safeParse(repeatedField(rowIdParam), fields.SupportingFilesToDelete);
  if (!deleted.success) add(errors, 'SupportingFilesToDelete', 'Expected file row ids');
  const filesToDelete = deleted.data ?? [];
  const rawDescription = Array.isArray(fields.AbsenceDescription) ? fields.AbsenceDescription.join('') : (fields.AbsenceDescription ?? '');
  const description = rawDescription.trim();
  if (!isStorableText(rawDescription)) add(errors, absenceErrorKeys.description, unstorableTextMessage);

  const startParts = start ? splitLocalDateTime(start) : undefined;
  const endParts = end ? splitLocalDateTime(end) : undefined;
  const draft: AbsenceDraft = {
    startDate: startParts?.date, startTime: startParts?.time, endDate: endParts?.date, endTime: endParts?.time,
    categoryRowId, description, evidenceCount: check.evidenceCount(filesToDelete),
  };
  const category = check.categories.find((c) => c.rowId === categoryRowId);
  for (const [key, messages] of Object.entries(validateAbsence(draft, { mode: check.mode, category, limits: check.limits }))) {
    for (const message of messages) add(errors, key, message);
  }
  const isValid = Object.keys(errors).length === 0 && start && end && categoryRowId !== undefined;
  return {
    value: isValid ? { rowId, categoryRowId, start, end, description: description === '' ? null : description, filesToDelete } : undefined,
    errors,
  };
}
