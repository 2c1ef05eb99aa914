import { HttpError } from '../../http/errors.js';

/** 409: the record is still used by others and removing it would change them. */
export const inUse = (message: string): HttpError => new HttpError(409, 'conflict', message);

/** 400 keyed by the field that names ids which do not exist. */
export function unknownIds(field: string, missing: readonly number[]): HttpError {
  return new HttpError(400, 'validation', 'One or more fields are invalid.', { [field]: [`No such record: ${missing.join(', ')}`] });
}

export function duplicate(field: string, message: string): HttpError {
  return new HttpError(400, 'validation', 'One or more fields are invalid.', { [field]: [message] });
}

/** Throws `unknownIds` for any of `ids` missing from `found`. */
export function assertAllFound(field: string, ids: readonly number[], found: readonly number[]): void {
  const known = new Set(found);
  const missing = [...new Set(ids)].filter((id) => !known.has(id));
  if (missing.length) throw unknownIds(field, missing);
}
