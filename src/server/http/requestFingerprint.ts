import { createHash } from 'node:crypto';
import { isRecord } from '../../shared/guards.js';

/** JSON with object keys sorted at every level, so equal values always give equal text. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (Buffer.isBuffer(value)) return value.toString('base64');
  if (value instanceof Date) return value.toISOString();
  if (isRecord(value)) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .filter((key) => value[key] !== undefined)
        .map((key) => [key, canonical(value[key])]),
    );
  }
  return value;
}

/**
 * What identifies a request for its Idempotency-Key: a SHA-256 of its path parameters, query and
 * validated body (or, for a form, what the route's form reader says identifies it: its fields and
 * each file's name, size and digest). The same key sent with another fingerprint is refused.
 */
export function requestFingerprint(parts: { readonly params: unknown; readonly query: unknown; readonly body: unknown }): string {
  return createHash('sha256').update(JSON.stringify(canonical(parts)) ?? 'null').digest('base64url');
}
