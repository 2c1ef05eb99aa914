import type { Timestamp } from './schema.identity.js';

export type IdempotencyKeyState = 'pending' | 'done';

/** idempotency_keys (migration 0021): a user's Idempotency-Key and the first success it answered. */
export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  /** The contract route the key was first used on. */
  route_id: string;
  /** A hash of the request (params, query, validated body or form); see http/requestFingerprint.ts. */
  fingerprint: string;
  /** `pending` while the first request runs, `done` once its success is stored. */
  state: IdempotencyKeyState;
  status: number | null;
  content_type: string | null;
  /** The answer's body as sent; null for an empty answer (204). */
  body: string | null;
  created_at: Timestamp;
}

export interface IdempotencyTables {
  idempotency_keys: IdempotencyKeysTable;
}
