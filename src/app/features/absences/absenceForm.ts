import type { AbsenceConfig, AbsenceRequest } from '../../../shared/contract/absences';
import { absence } from '../../../shared/constants';
import {
  absenceErrorKeys,
  addLocalDays,
  allDayLastDay,
  allDayRange,
  isLocalDate,
  isLocalTime,
  splitLocalDateTime,
  withSeconds,
  type AbsenceDraft,
} from '../../../shared/rules/absences';

/**
 * What the dialog's form holds (SPEC §2, §5). Dates are 'YYYY-MM-DD' (null until chosen), times
 * 'HH:mm'. With `isAllDay` the times are kept but not used, so switching back restores them, and
 * `endDate` is the last day off: the request itself ends at midnight after it (SPEC §4).
 */
export interface AbsenceFormValues {
  readonly isAllDay: boolean;
  readonly startDate: string | null;
  readonly startTime: string;
  readonly endDate: string | null;
  readonly endTime: string;
  readonly categoryRowId: number | null;
  readonly description: string;
}

/** SPEC §5 defaults: 15:00 to 16:00, all-day off, nothing else chosen. */
export const defaultFormValues: AbsenceFormValues = {
  isAllDay: false,
  startDate: null,
  startTime: absence.defaultStartTime,
  endDate: null,
  endTime: absence.defaultEndTime,
  categoryRowId: null,
  description: '',
};

/** The fields whose change moves the absence's range, and so reruns the clash check (SPEC §4). */
export const rangeFields = ['isAllDay', 'startDate', 'startTime', 'endDate', 'endTime'] as const satisfies readonly (keyof AbsenceFormValues)[];

export function touchesRange(changes: Partial<AbsenceFormValues>): boolean {
  return rangeFields.some((field) => field in changes);
}

/** The wall clock of an ISO value with an offset: '2025-10-13T09:00:00+01:00' → '2025-10-13T09:00:00'. */
const wallClock = (value: string): string => value.slice(0, 19);

/** An existing request as form values; an all-day request shows its last day as the end (SPEC §4). */
export function formFromRequest(request: AbsenceRequest): AbsenceFormValues {
  const start = wallClock(request.absenceStart);
  const end = wallClock(request.absenceEnd);
  const startParts = splitLocalDateTime(start);
  const endParts = splitLocalDateTime(end);
  const lastDay = allDayLastDay(start, end);
  const common = { categoryRowId: request.absenceCategoryRowId, description: request.absenceDescription ?? '' };
  if (lastDay !== undefined) {
    return { ...defaultFormValues, ...common, isAllDay: true, startDate: startParts.date, endDate: lastDay };
  }
  return {
    ...common,
    isAllDay: false,
    startDate: startParts.date,
    startTime: startParts.time.slice(0, 5),
    endDate: endParts.date,
    endTime: endParts.time.slice(0, 5),
  };
}

/** The values the rules check: all-day becomes midnight to midnight after the last day. */
export function ruleValues(values: AbsenceFormValues): Pick<AbsenceDraft, 'startDate' | 'startTime' | 'endDate' | 'endTime'> {
  if (!values.isAllDay) {
    return { startDate: values.startDate, startTime: values.startTime, endDate: values.endDate, endTime: values.endTime };
  }
  const endDate = values.endDate !== null && isLocalDate(values.endDate) ? addLocalDays(values.endDate, 1) : values.endDate;
  return { startDate: values.startDate, startTime: '00:00', endDate, endTime: '00:00' };
}

export function draftOf(values: AbsenceFormValues, evidenceCount: number): AbsenceDraft {
  return { ...ruleValues(values), categoryRowId: values.categoryRowId, description: values.description, evidenceCount };
}

export interface CallRange {
  /** 'YYYY-MM-DDTHH:mm:ss', as the absence calls take them (SPEC §3, §7). */
  readonly start: string;
  readonly end: string;
}

/** The range to send, or undefined while a date (or, not all-day, a time) is missing or invalid. */
export function callRangeOf(values: AbsenceFormValues): CallRange | undefined {
  const { startDate, endDate } = values;
  if (startDate === null || endDate === null || !isLocalDate(startDate) || !isLocalDate(endDate)) return undefined;
  if (values.isAllDay) return allDayRange(startDate, endDate);
  if (!isLocalTime(values.startTime) || !isLocalTime(values.endTime)) return undefined;
  return { start: `${startDate}T${withSeconds(values.startTime)}`, end: `${endDate}T${withSeconds(values.endTime)}` };
}

export interface DateBounds {
  readonly startMin: string | null;
  readonly startMax: string | null;
  readonly endMin: string | null;
  readonly endMax: string | null;
}

/**
 * SPEC §5 picker bounds: the start's maximum is the chosen end, the end's minimum the chosen start,
 * within the configuration's limits. On edit the start is not held to the minimum (only the end is
 * limited, as the rules say), so a request that began before today's minimum can still be edited.
 * All-day, the end date is the last day off and the request ends at the midnight after it, which
 * the rules require to be before the day after the maximum: so the last day off can be at most the
 * day before the maximum, and the pickers offer no day the rules would then refuse.
 */
export function dateBounds(values: AbsenceFormValues, mode: 'create' | 'edit', limits: AbsenceConfig['dateLimits']): DateBounds {
  const minimum = limits.minimum.slice(0, 10);
  const maximum = values.isAllDay ? addLocalDays(limits.maximum.slice(0, 10), -1) : limits.maximum.slice(0, 10);
  const lowest = mode === 'create' ? minimum : null;
  return {
    startMin: lowest,
    startMax: values.endDate ?? maximum,
    endMin: values.startDate ?? lowest,
    endMax: maximum,
  };
}

/** What is sent: SPEC §3 absence submission. */
export interface AbsenceSubmission {
  readonly mode: 'create' | 'edit';
  readonly rowId: number | undefined;
  readonly studentId: string;
  readonly categoryRowId: number;
  readonly range: CallRange;
  readonly description: string;
  readonly files: readonly File[];
  readonly filesToDelete: readonly number[];
}

/** The multipart body (SPEC §3): only files with a size above zero are sent. */
export function toFormData(submission: AbsenceSubmission): FormData {
  const form = new FormData();
  if (submission.mode === 'edit' && submission.rowId !== undefined) form.append('RowId', String(submission.rowId));
  form.append('StudentId', submission.studentId);
  form.append('AbsenceCategoryRowId', String(submission.categoryRowId));
  form.append('AbsenceStart', submission.range.start);
  form.append('AbsenceEnd', submission.range.end);
  const description = submission.description.trim();
  if (description !== '' || submission.mode === 'edit') form.append('AbsenceDescription', description);
  for (const file of submission.files) {
    if (file.size > 0) form.append('SupportingFiles', file, file.name);
  }
  for (const rowId of submission.filesToDelete) form.append('SupportingFilesToDelete', String(rowId));
  return form;
}

/** How the error box names each key of the SPEC §8 errors map ('field: messages'). */
const errorLabels: Readonly<Record<string, string>> = {
  [absenceErrorKeys.startDate]: 'Start date',
  [absenceErrorKeys.endDate]: 'End date',
  [absenceErrorKeys.startTime]: 'Start time',
  [absenceErrorKeys.endTime]: 'End time',
  [absenceErrorKeys.category]: 'Reason',
  [absenceErrorKeys.description]: 'Additional information',
  [absenceErrorKeys.files]: 'Supporting files',
  [absenceErrorKeys.dateRange]: 'Dates',
  network: 'Not sent',
  AbsenceStart: 'Start',
  AbsenceEnd: 'End',
  AbsenceCategoryRowId: 'Reason',
  AbsenceDescription: 'Additional information',
  SupportingFiles: 'Supporting files',
};

/** The key for an error that belongs to no field (e.g. a server message without field errors). */
export const generalErrorKey = 'general';

/** One line of the error box per field: 'Start date: Start date is required'. */
export function errorLines(errors: Readonly<Record<string, readonly string[]>>): string[] {
  return Object.entries(errors)
    .filter(([, messages]) => messages.length > 0)
    .map(([key, messages]) => {
      const text = messages.join(' ');
      return key === generalErrorKey ? text : `${errorLabels[key] ?? key}: ${text}`;
    });
}

/**
 * The form's errors, with a field's own problem (a typed date the field refused: 'Enter a real
 * date as DD/MM/YYYY.') in place of what the form alone could say of it ('Start date is
 * required'), so the error box and the field say the same.
 */
export function withFieldProblems(
  errors: Readonly<Record<string, string[]>>,
  problems: Readonly<Record<string, string | undefined>>,
): Record<string, string[]> {
  const merged: Record<string, string[]> = { ...errors };
  for (const [key, problem] of Object.entries(problems)) {
    if (problem !== undefined && (merged[key]?.length ?? 0) > 0) merged[key] = [problem];
  }
  return merged;
}

/** The messages of one field, for the field's own error text. */
export function fieldError(errors: Readonly<Record<string, readonly string[]>>, key: string): string | undefined {
  const messages = errors[key];
  return messages && messages.length > 0 ? messages.join(' ') : undefined;
}
