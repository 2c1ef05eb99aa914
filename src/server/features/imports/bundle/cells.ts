import { z } from 'zod';
import { importProblemCodes, shown, type ImportProblemCode } from './problems.js';

const isProblemCode = (value: unknown): value is ImportProblemCode => typeof value === 'string' && Object.hasOwn(importProblemCodes, value);

/**
 * zod schemas for single CSV cells: each takes the raw string (blank when the column is absent),
 * trims it, checks it and gives the normalised value. Messages describe the value, not the
 * column: the reader prefixes them with `file:line column:`. A schema that needs a problem code
 * other than `malformed_value` says so in its issue's params (see `problemCodeOf`).
 */

export const cellLengths = { id: 255, short: 255, text: 500, long: 4000 } as const;

/** Raises an issue with a problem code of its own, e.g. inside a row's cross-column checks. */
export function flag(ctx: z.RefinementCtx, column: string, code: ImportProblemCode, message: string): void {
  ctx.addIssue({ code: 'custom', message, path: [column], params: { problem: code } });
}

/** The problem code an issue stands for: its own, blank → `missing_value`, else `malformed_value`. */
export function problemCodeOf(issue: z.core.$ZodIssue): ImportProblemCode {
  if (issue.code === 'custom') {
    const own: unknown = issue.params?.problem;
    if (isProblemCode(own)) return own;
  }
  if (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1) return 'missing_value';
  return 'malformed_value';
}

const blank = 'a value is required but the cell is blank';
const tooLong = (max: number) => (issue: { input?: unknown }) =>
  `is ${String(issue.input).length} characters long; at most ${max} are allowed`;
const hasNul = (value: string) => /\u0000/.test(value);

/** A required cell: blank is `missing_value`, anything else goes on to `inner`. */
export function required<T>(inner: z.ZodType<T, string>) {
  return z.string().trim().min(1, { error: blank }).pipe(inner);
}

/** An optional cell: blank is null, anything else goes on to `inner`. */
export function optional<T>(inner: z.ZodType<T, string>) {
  return z.string().trim().transform((value) => (value === '' ? null : value)).pipe(z.nullable(inner));
}

/** An optional cell with a default for blank. */
export function withDefault<T>(inner: z.ZodType<T, string>, fallback: T) {
  return optional(inner).transform((value) => value ?? fallback);
}

/** A `sourcedId` or a reference to one: at most 255 characters, no control characters. */
export const idValue = z.string()
  .max(cellLengths.id, { error: tooLong(cellLengths.id) })
  .regex(/^\P{Cc}*$/u, { error: (issue) => `${shown(issue.input)} contains a control character, which an id may not` });

export function textValue(max: number) {
  return z.string()
    .max(max, { error: tooLong(max) })
    .refine((value) => !hasNul(value), { error: 'contains a NUL character (byte 0), which text may not' });
}

/** A calendar date written YYYY-MM-DD that exists (no 31 April, 29 February only in leap years). */
export const dateValue = z.iso.date({ error: (issue) => `${shown(issue.input)} is not a real date written YYYY-MM-DD` });

/** `true` or `false`, in any case. */
export const booleanValue = z.string()
  .refine((value) => /^(?:true|false)$/i.test(value), { error: (issue) => `${shown(issue.input)} is not true or false` })
  .transform((value) => value.toLowerCase() === 'true');

/** A whole number of at least `min`. */
export function integerValue(min = Number.MIN_SAFE_INTEGER) {
  return z.string()
    .regex(/^[+-]?\d{1,15}$/, { error: (issue) => `${shown(issue.input)} is not a whole number` })
    .transform(Number)
    .refine((value) => value >= min, { error: (issue) => `${String(issue.input)} is below the least allowed, ${min}` });
}

/** A decimal number from `min` to `max`, such as a latitude. */
export function decimalValue(min: number, max: number) {
  return z.string()
    .regex(/^[+-]?(?:\d{1,3}(?:\.\d{1,15})?|\.\d{1,15})$/, { error: (issue) => `${shown(issue.input)} is not a decimal number such as 51.5072` })
    .transform(Number)
    .refine((value) => value >= min && value <= max, { error: (issue) => `${String(issue.input)} is not between ${min} and ${max}` });
}

/** One of `choices`, in any case, given back as the list spells it. */
export function choiceValue<const T extends string>(choices: readonly T[]) {
  const byLowerCase = new Map(choices.map((choice) => [choice.toLowerCase(), choice]));
  return z.string().transform((value, ctx): T => {
    const choice = byLowerCase.get(value.toLowerCase());
    if (choice !== undefined) return choice;
    ctx.addIssue({ code: 'custom', message: `${shown(value)} is not one of ${choices.join(', ')}` });
    return z.NEVER;
  });
}

/** A comma-separated list of ids (`"t1, t2"`), trimmed, blanks dropped; blank is an empty list. */
export const idListValue = z.string()
  .transform((value) => value.split(',').map((item) => item.trim()).filter((item) => item !== ''))
  .pipe(z.array(idValue));

const dateTimePattern = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2}))?$/;
const looksLocal = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/;

/** Checks an ISO 8601 date and time: the instant when it is one, else why not. */
function readDateTime(value: string, needsOffset: boolean): Date | string {
  const parts = dateTimePattern.exec(value);
  if (parts === null) {
    if (needsOffset && looksLocal.test(value)) {
      return `${shown(value)} has no offset: write the offset from UTC, as in 2026-10-05T09:00:00+01:00, or Z for UTC`;
    }
    return `${shown(value)} is not an ISO 8601 date and time${needsOffset ? ' with an offset, such as 2026-10-05T09:00:00+01:00' : ', such as 2026-10-05T09:00:00Z'}`;
  }
  const [, day = '', hours = '', minutes = '', seconds = '0', zone, zoneHours = '0', zoneMinutes = '0'] = parts;
  if (zone === undefined && needsOffset) {
    return `${shown(value)} has no offset: write the offset from UTC, as in 2026-10-05T09:00:00+01:00, or Z for UTC`;
  }
  const inRange = dateValue.safeParse(day).success && Number(hours) <= 23 && Number(minutes) <= 59 && Number(seconds) <= 59
    && Number(zoneHours) <= 14 && Number(zoneMinutes) <= 59;
  const instant = new Date(value);
  if (!inRange || Number.isNaN(instant.getTime())) return `${shown(value)} is not a real date and time`;
  return instant;
}

/** An instant written in ISO 8601 with an offset or Z (`2026-10-05T09:00:00+01:00`); seconds optional. */
export const instantValue = z.string().transform((value, ctx): Date => {
  const read = readDateTime(value, true);
  if (read instanceof Date) return read;
  ctx.addIssue({ code: 'custom', message: read });
  return z.NEVER;
});

/** OneRoster's `dateLastModified`: an ISO 8601 date and time, offset optional. Kept as written. */
export const modifiedValue = z.string().superRefine((value, ctx) => {
  const read = readDateTime(value, false);
  if (!(read instanceof Date)) ctx.addIssue({ code: 'custom', message: read });
});
