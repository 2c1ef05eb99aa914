import { roleNames } from './route';
import { z } from './zod';

/**
 * A date-time as it travels on the wire: ISO 8601, with `Z` or an offset for server-generated
 * timestamps, or without one for local call values. Calendar validity is checked (no 30 February).
 */
export const isoDateTime = z.iso.datetime({ offset: true, local: true });

/** The exact `YYYY-MM-DDTHH:mm:ss` local format the absence calls use (SPEC §3, §7). */
export const callDateTime = z.iso
  .datetime({ local: true, precision: 0 })
  .check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/, 'Expected YYYY-MM-DDTHH:mm:ss'));

/**
 * The largest row id: PostgreSQL's `integer` (every `serial` id) ends at 2^31 − 1. A bigger number
 * must be refused here, or the query fails in the database and the caller gets a 500.
 */
export const maxRowId = 2_147_483_647;

/** A database row identifier in a JSON body or response: a whole number from 1 to {@link maxRowId}. */
export const rowId = z.int().check(z.gte(1), z.lte(maxRowId));

/** Only plain decimal digits, no sign, no leading zero, at most ten of them. */
const canonicalRowId = /^[1-9][0-9]{0,9}$/;

/**
 * A row identifier written as text (a path segment, a query value, a form field): canonical decimal
 * digits only, so `0x1F`, `1e3`, `+31`, ` 31`, `031` and `31.0` are refused rather than read as 31
 * or 1000, then the same range as {@link rowId}.
 */
export const rowIdParam = z.pipe(
  z.pipe(
    z.string().check(z.regex(canonicalRowId, 'Expected a row id written in digits, such as 42')),
    z.transform((value: string) => Number(value)),
  ),
  rowId,
);

/**
 * The one reading of a row id written as text, for code outside a contract schema (form fields,
 * repeated values): the number, or undefined when the text is not a canonical row id.
 */
export const parseRowId = (text: unknown): number | undefined => {
  const result = z.safeParse(rowIdParam, text);
  return result.success ? result.data : undefined;
};

/** Path params of the form `{ rowId }`. */
export const rowIdParams = z.object({ rowId: rowIdParam });

/**
 * Characters no text from a client may hold: NUL, which PostgreSQL text cannot store (the insert
 * fails), and unpaired UTF-16 surrogates, which are not Unicode (the driver would silently store
 * U+FFFD instead).
 */
const unstorableCharacter = /[\u0000\p{Cs}]/u;

export const unstorableTextMessage = 'Must not contain NUL characters or unpaired surrogates';

/** True when the text can be stored as it is (see {@link storable}). */
export const isStorableText = (value: string): boolean => !unstorableCharacter.test(value);

/** The check every client string passes: no NUL, no unpaired surrogate. */
export const storable = z.refine<string>(isStorableText, unstorableTextMessage);

/** Upper bounds for client text, so no field can carry megabytes into the database. */
export const textLimits = {
  /** Names, keys, codes, choices. */
  short: 100,
  /** Free text a person types. */
  long: 4000,
  /** URLs and opaque tokens. */
  url: 4096,
} as const;

/**
 * A string from a client: at most `max` characters, none of them NUL or an unpaired surrogate.
 * With `trim`, surrounding white space is removed first and `max` applies to what is left.
 * Every string schema of a request (params, query, body, form fields) is built on this.
 */
export function text(max: number, options: { readonly trim?: boolean } = {}) {
  return options.trim
    ? z.string().check(z.trim(), z.maxLength(max), storable)
    : z.string().check(z.maxLength(max), storable);
}

/** One query parameter's value(s): a bounded, storable string, or a short list of them when repeated. */
export const queryValue = z.union([text(textLimits.url), z.array(text(textLimits.url)).check(z.maxLength(50))]);

/** Any query parameters, each under a bounded name (callbacks that take whatever they are sent). */
export const anyQuery = z.record(text(textLimits.short), queryValue);

export const roleSchema = z.enum(roleNames);

/** A hex colour such as `#1a2b3c` (or the short `#abc`). */
export const hexColour = z.string().check(z.regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, 'Expected a hex colour'));

/**
 * A field that a multipart form may repeat: one value arrives as a string, several as an array,
 * none as undefined. Always yields an array.
 */
export function repeatedField<T extends z.core.SomeType>(item: T) {
  return z.pipe(
    z.transform((value: unknown): unknown[] =>
      value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value],
    ),
    z.array(item),
  );
}

/** An absolute http(s) URL; other schemes (javascript:, data:) are refused. */
export const webUrl = z.url({ protocol: /^https?$/ }).check(z.maxLength(textLimits.url), storable);
