import { absence } from '../../constants';
import { isEmpty } from '../isEmpty';
import { addLocalDays, displayDate, isLocalDate, isLocalTime, withSeconds } from './dates';
import { absenceErrorKeys as keys, absenceMessages as messages } from './messages';

export type AbsenceFieldErrors = Record<string, string[]>;

/** What the student entered, in local (London wall-clock) values; all-day already converted. */
export interface AbsenceDraft {
  /** 'YYYY-MM-DD' */
  readonly startDate: string | null | undefined;
  /** 'HH:mm' or 'HH:mm:ss' */
  readonly startTime: string | null | undefined;
  readonly endDate: string | null | undefined;
  readonly endTime: string | null | undefined;
  readonly categoryRowId: number | null | undefined;
  readonly description: string | null | undefined;
  /** New files plus existing files that are not being deleted. */
  readonly evidenceCount: number;
}

/**
 * The configuration's date limits. Only their London calendar date counts (the server sends
 * London midnights, e.g. 2025-09-29T00:00:00+01:00, so the first ten characters are that date).
 */
export interface AbsenceDateLimits {
  readonly minimum: string;
  readonly maximum: string;
}

export interface AbsenceRuleContext {
  readonly mode: 'create' | 'edit';
  /** The chosen category; undefined when none is chosen or it does not exist. */
  readonly category: { readonly requiresDescription: boolean; readonly requiresEvidence: boolean } | undefined;
  readonly limits: AbsenceDateLimits | undefined;
}

function add(errors: AbsenceFieldErrors, key: string, message: string): void {
  (errors[key] ??= []).push(message);
}

const validDate = (value: string | null | undefined): value is string => !isEmpty(value) && isLocalDate(value ?? '');
const validTime = (value: string | null | undefined): value is string => !isEmpty(value) && isLocalTime(value ?? '');

/**
 * SPEC §5, for the dialog and the server alike. An invalid date or time counts as empty (SPEC §5
 * generic rule). Date limits:
 * - create: the start's date must not be before the minimum, and the end must be before the day
 *   after the maximum (so the latest end is 23:59:59 on the maximum date);
 * - edit: only the end is limited, by the same bound ("cannot be beyond {max}"): an existing
 *   request that started before today's minimum can still be edited.
 * Date-range errors (order, limits) are filed under `dateRange`.
 */
export function validateAbsence(draft: AbsenceDraft, context: AbsenceRuleContext): AbsenceFieldErrors {
  const errors: AbsenceFieldErrors = {};
  const { startDate, startTime, endDate, endTime } = draft;
  if (!validDate(startDate)) add(errors, keys.startDate, messages.startDateRequired);
  if (!validDate(endDate)) add(errors, keys.endDate, messages.endDateRequired);
  if (!validTime(startTime)) add(errors, keys.startTime, messages.startTimeRequired);
  if (!validTime(endTime)) add(errors, keys.endTime, messages.endTimeRequired);

  const { category } = context;
  if (isEmpty(draft.categoryRowId) || !category) add(errors, keys.category, messages.categoryRequired);
  const description = draft.description ?? '';
  if (category?.requiresDescription && isEmpty(description)) add(errors, keys.description, messages.descriptionRequired);
  if (description.length > absence.descriptionMaxLength) {
    add(errors, keys.description, messages.descriptionTooLong(absence.descriptionMaxLength));
  }
  if (category?.requiresEvidence && draft.evidenceCount < 1) add(errors, keys.files, messages.evidenceRequired);

  if (validDate(startDate) && validDate(endDate) && validTime(startTime) && validTime(endTime)) {
    const start = `${startDate}T${withSeconds(startTime)}`;
    const end = `${endDate}T${withSeconds(endTime)}`;
    if (end <= start) add(errors, keys.dateRange, messages.endAfterStart);
    if (context.limits) dateLimitErrors(errors, start, end, context.mode, context.limits);
  }
  return errors;
}

function dateLimitErrors(errors: AbsenceFieldErrors, start: string, end: string, mode: 'create' | 'edit', limits: AbsenceDateLimits): void {
  const min = limits.minimum.slice(0, 10);
  const max = limits.maximum.slice(0, 10);
  const endBound = `${addLocalDays(max, 1)}T00:00:00`;
  if (mode === 'create') {
    if (start.slice(0, 10) < min || end >= endBound) add(errors, keys.dateRange, messages.datesWithin(displayDate(min), displayDate(max)));
  } else if (end >= endBound) {
    add(errors, keys.dateRange, messages.endBeyondMax(displayDate(max)));
  }
}

/** SPEC §4 all-day: start at midnight, end at midnight of the day after the last day. */
export function allDayRange(firstDay: string, lastDay: string): { start: string; end: string } {
  return { start: `${firstDay}T00:00:00`, end: `${addLocalDays(lastDay, 1)}T00:00:00` };
}

/** An absence from midnight to midnight is all-day; in the form its last day is the end's day minus one. */
export function allDayLastDay(start: string, end: string): string | undefined {
  const isAllDay = start.slice(11, 19) === '00:00:00' && end.slice(11, 19) === '00:00:00' && end.slice(0, 10) > start.slice(0, 10);
  return isAllDay ? addLocalDays(end.slice(0, 10), -1) : undefined;
}
