import { maskSegments } from './segmentMask';

/**
 * The desktop date field's text (SPEC §2 "Date picker", §5): typed as DD/MM/YYYY through the mask
 * ##/##/####, committed as an ISO date (YYYY-MM-DD). Range bounds are inclusive ISO dates.
 */

/** Day and month may have lost a leading zero in an edit ('5/9/2025'); the year is whole. */
const displayPattern = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const isoPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

export const dateFormatMessage = 'Enter a real date as DD/MM/YYYY.';

/** Applies the ##/##/#### mask to what the user typed or pasted (a pasted YYYY-MM-DD is turned round). */
export function maskDateInput(raw: string): string {
  const iso = isoPattern.exec(raw.trim());
  if (iso) return `${iso[3]}/${iso[2]}/${iso[1]}`;
  return maskSegments(raw, [2, 2, 4], '/');
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function isRealDate(year: number, month: number, day: number): boolean {
  return year >= 1000 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Whether `value` is a real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  const match = isoPattern.exec(value);
  return match !== null && isRealDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** 'DD/MM/YYYY' (or 'D/M/YYYY') to 'YYYY-MM-DD'; null when the text is not a real date in that form. */
export function parseDisplayDate(text: string): string | null {
  const match = displayPattern.exec(text.trim());
  if (!match) return null;
  const [, day = '', month = '', year = ''] = match;
  if (!isRealDate(Number(year), Number(month), Number(day))) return null;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/** 'YYYY-MM-DD' to 'DD/MM/YYYY'; '' for anything else. */
export function formatDisplayDate(iso: string | null | undefined): string {
  const match = iso ? isoPattern.exec(iso) : null;
  if (!match) return '';
  const [, year, month, day] = match;
  return `${day}/${month}/${year}`;
}

export interface DateRange {
  readonly min?: string | null | undefined;
  readonly max?: string | null | undefined;
}

/** Whether an ISO date lies within the inclusive bounds (a missing bound does not limit). */
export function isWithinRange(iso: string, { min, max }: DateRange): boolean {
  // ISO dates of four-digit years sort as text.
  return (!min || iso >= min) && (!max || iso <= max);
}

/** What the user is told when a date falls outside the bounds. */
export function rangeMessage({ min, max }: DateRange): string {
  if (min && max) return `Choose a date from ${formatDisplayDate(min)} to ${formatDisplayDate(max)}.`;
  if (min) return `Choose a date on or after ${formatDisplayDate(min)}.`;
  if (max) return `Choose a date on or before ${formatDisplayDate(max)}.`;
  return '';
}

export type DateTextCheck = { readonly value: string | null; readonly error?: undefined } | { readonly error: string };

/**
 * The rules run on demand (blur, Enter, the popup closing): an empty text is no date, an
 * incomplete or impossible one a format error, a real one outside the bounds a range error.
 */
export function checkDateText(text: string, range: DateRange): DateTextCheck {
  if (text.trim() === '') return { value: null };
  const iso = parseDisplayDate(text);
  if (iso === null) return { error: dateFormatMessage };
  if (!isWithinRange(iso, range)) return { error: rangeMessage(range) };
  return { value: iso };
}

/** The same rules for the native date input, whose value is already ISO (or '' when incomplete). */
export function checkIsoDate(value: string, range: DateRange): DateTextCheck {
  if (value === '') return { value: null };
  if (!isIsoDate(value)) return { error: dateFormatMessage };
  if (!isWithinRange(value, range)) return { error: rangeMessage(range) };
  return { value };
}
