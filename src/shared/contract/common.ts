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

/** A database row identifier in a JSON body or response. */
export const rowId = z.int().check(z.positive());

/** A row identifier taken from a path segment or a form field: a string coerced to a number. */
export const rowIdParam = z.coerce.number().check(z.int(), z.positive());

/** Path params of the form `{ rowId }`. */
export const rowIdParams = z.object({ rowId: rowIdParam });

export const roleSchema = z.enum(roleNames);

/** A hex colour such as `#1a2b3c` (or the short `#abc`). */
export const hexColour = z.string().check(z.regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, 'Expected a hex colour'));

/**
 * A field that a multipart form may repeat: one value arrives as a string, several as an array,
 * none as undefined. Always yields an array.
 */
export function repeatedField<T extends z.core.SomeType>(item: T) {
  return z.pipe(
    z.transform((value: unknown) =>
      value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value],
    ),
    z.array(item),
  );
}

/** An absolute http(s) URL; other schemes (javascript:, data:) are refused. */
export const webUrl = z.url({ protocol: /^https?$/ });
